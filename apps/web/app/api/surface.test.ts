// @vitest-environment node
/** Issue 24, the server's surface: abandoned bodies, the CSP's connect-src (docs/security.md). */
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ABANDONED_BODY_MESSAGE } from "@/server/http/handler";
import {
  databaseFingerprint,
  expectError,
  rawPostRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { proxy } from "../../proxy";
import { POST as logging } from "./logging/route";
import { POST as siwe } from "./auth/siwe/route";

/** A body that breaks off as Node's does when the client closes the connection mid-way. */
function abandonedBody(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"error":{"message":"'));
        return;
      }
      controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });
}

async function connectSrc(env: Record<string, string>): Promise<string[]> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const csp = (await proxy(new NextRequest("http://localhost:3000/lending"))).headers.get(
      "content-security-policy",
    )!;
    return csp
      .split("; ")
      .find((d) => d.startsWith("connect-src "))!
      .split(" ")
      .slice(1);
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

describe("the server's surface", () => {
  const t = setupApiTestDatabase();
  afterEach(() => vi.restoreAllMocks());

  it("a client that abandons its body mid-way gets a 400 and is not logged as a server fault", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const before = await databaseFingerprint(t.db());
    for (const [handler, path] of [
      [logging, "/api/logging"],
      [siwe, "/api/auth/siwe"],
    ] as const) {
      const request = rawPostRequest(path, abandonedBody(), {
        "content-type": "application/json",
        "content-length": "1000",
      });
      const response = await handler(request, { params: Promise.resolve({}) });
      const body = (await response.json()) as Record<string, unknown>;
      expectError({ status: response.status, body }, 400, new RegExp(ABANDONED_BODY_MESSAGE));
    }
    expect(error).not.toHaveBeenCalled();
    expect(await databaseFingerprint(t.db())).toEqual(before);
  });

  it("an injected script cannot send what it reads to any https host: connect-src lists the configured origins only", async () => {
    const local = await connectSrc({});
    expect(local).toContain("'self'");
    expect(local).toContain(new URL(process.env.RPC_URL!).origin);
    expect(local).toContain("https://mainnet.base.org");
    for (const wildcard of [
      "https:",
      "wss:",
      "http:",
      "ws:",
      "*",
      "https://*",
      "http://localhost:*",
    ]) {
      expect(local).not.toContain(wildcard);
    }
    // WalletConnect's relay only when it is configured
    expect(local).not.toContain("wss://relay.walletconnect.org");
    const configured = await connectSrc({
      PUBLIC_RPC_URL: "https://base-rpc.example.org/v1/key",
      WALLETCONNECT_PROJECT_ID: "abc",
      CONNECT_ORIGINS: "https://status.example.org, wss://feed.example.org",
    });
    expect(configured).toEqual(
      expect.arrayContaining([
        "https://base-rpc.example.org",
        "wss://base-rpc.example.org",
        "wss://relay.walletconnect.org",
        "https://status.example.org",
        "wss://feed.example.org",
      ]),
    );
    expect(configured.join(" ")).not.toContain("/v1/key"); // an origin, not the key in the path
    expect(configured).not.toContain("https:");
  });
});
