import net from "node:net";
import { z } from "zod";

/**
 * The address a server listens on: an IP address or `localhost`. The local stack's servers
 * default to the loopback (127.0.0.1), so neighbours on a shared network reach none of them;
 * 0.0.0.0 (or ::) opens one to the network on purpose.
 */
export const ListenHostSchema = z.union([z.ipv4(), z.ipv6(), z.literal("localhost")], {
  error: "must be an IP address to listen on (127.0.0.1, 0.0.0.0, ::) or localhost",
});

/** The loopback default of every server the local stack starts. */
export const LOOPBACK = "127.0.0.1";

/** The host to reach a server listening on `host` from this machine (the wildcard via the loopback). */
export function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return LOOPBACK;
  return host.includes(":") ? `[${host}]` : host;
}

/** True when nothing listens on 127.0.0.1:port (we can bind it ourselves). */
export function isPortFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS considers free right now (ephemeral range, so it never clashes with fixed ports). */
export function getFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("Could not get a free port"))));
    });
  });
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly envVar: string,
    what: string,
  ) {
    super(
      `Port ${port} is already in use, so ${what} cannot start on it. ` +
        `Stop whatever listens on ${port} or choose another port with ${envVar}=<port>.`,
    );
    this.name = "PortInUseError";
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
