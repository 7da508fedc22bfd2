import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { PEER_ADDRESS_HEADER, PEER_PROTO_HEADER } from "./client";

let installed = false;

/**
 * Stamps every request the Node server receives with its socket's address and protocol
 * ({@link PEER_ADDRESS_HEADER}, {@link PEER_PROTO_HEADER}), overwriting any value the client sent
 * under those names. Next 16 hands route handlers and the proxy a Fetch `Request` without the
 * socket, so this Node diagnostics channel (published before the server's `request` event) is
 * where the address is still known. Installed once, from instrumentation.ts.
 */
export function stampPeerAddress(): void {
  if (installed) return;
  installed = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? "";
    request.headers[PEER_PROTO_HEADER] = (socket as TLSSocket).encrypted ? "https" : "http";
  });
}
