// @vitest-environment node
import { privateKeyToAccount } from "viem/accounts";
import { parseSiweMessage } from "viem/siwe";
import { describe, expect, it, vi } from "vitest";
import { ensureWalletSession, type WalletSession } from "./walletSession";

const alice = privateKeyToAccount(`0x${"11".repeat(32)}`);
const bob = privateKeyToAccount(`0x${"22".repeat(32)}`);
const location = { host: "app.example.org", origin: "https://app.example.org" };

const sessionOf = (address: string): WalletSession => ({
  kind: "siwe",
  address: address.toLowerCase(),
  chainId: 31337,
  createdAt: "2026-11-23T00:00:00.000Z",
  idleExpiresAt: "2026-11-23T00:15:00.000Z",
  expiresAt: "2026-11-24T00:00:00.000Z",
});

/** A fake server: one current session, a nonce, records every call. */
function fakeServer(current: WalletSession | null) {
  const calls: string[] = [];
  let signed: { message: string; signature: string } | undefined;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push(`${method} ${url}`);
    if (url === "/api/auth/session" && method === "GET") return Response.json({ session: current });
    if (url === "/api/auth/session" && method === "DELETE") {
      current = null;
      return Response.json({ session: null });
    }
    if (url === "/api/auth/nonce") return Response.json({ nonce: "0123456789abcdef" });
    if (url === "/api/auth/siwe") {
      signed = JSON.parse(String(init?.body));
      current = sessionOf(parseSiweMessage(signed!.message).address!);
      return Response.json({ session: current });
    }
    return Response.json({ statusCode: 404, message: "Not found" }, { status: 404 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, signed: () => signed };
}

const signWith =
  (account: typeof alice) =>
  ({ message }: { message: string }) =>
    account.signMessage({ message });

describe("ensureWalletSession", () => {
  it("signs in with a SIWE message for this site, the app's chain and the server's nonce", async () => {
    const server = fakeServer(null);
    const session = await ensureWalletSession(
      { address: alice.address, chainId: 31337, signMessage: signWith(alice) },
      { fetch: server.fetch, location },
    );
    expect(session.address).toBe(alice.address.toLowerCase());
    expect(server.calls).toEqual([
      "GET /api/auth/session",
      "GET /api/auth/nonce",
      "POST /api/auth/siwe",
    ]);
    expect(parseSiweMessage(server.signed()!.message)).toMatchObject({
      domain: "app.example.org",
      uri: "https://app.example.org",
      chainId: 31337,
      nonce: "0123456789abcdef",
      address: alice.address,
    });
  });

  it("reuses the wallet's own session without asking for a signature", async () => {
    const server = fakeServer(sessionOf(alice.address));
    const sign = vi.fn(signWith(alice));
    await ensureWalletSession(
      { address: alice.address, chainId: 31337, signMessage: sign },
      { fetch: server.fetch, location },
    );
    expect(sign).not.toHaveBeenCalled();
    expect(server.calls).toEqual(["GET /api/auth/session"]);
  });

  it("ends another wallet's session before signing in (account change)", async () => {
    const server = fakeServer(sessionOf(alice.address));
    const session = await ensureWalletSession(
      { address: bob.address, chainId: 31337, signMessage: signWith(bob) },
      { fetch: server.fetch, location },
    );
    expect(session.address).toBe(bob.address.toLowerCase());
    expect(server.calls.slice(0, 2)).toEqual(["GET /api/auth/session", "DELETE /api/auth/session"]);
  });
});

describe("ensureWalletSession with an email or Google account's session", () => {
  it("switches the account to a linked wallet, and links an unlinked one by its signature first (the session stays)", async () => {
    let current: WalletSession = { ...sessionOf(alice.address), kind: "email" };
    const linked = new Set([alice.address.toLowerCase()]);
    const calls: string[] = [];
    let linkBody: { address: string; signature: `0x${string}`; timestamp: number } | undefined;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url}`);
      if (url === "/api/auth/session") return Response.json({ session: current });
      if (url === "/api/auth/account") return Response.json({ account: { id: 7 } });
      if (url === "/api/auth/account/wallets") {
        linkBody = JSON.parse(String(init?.body));
        linked.add(linkBody!.address.toLowerCase());
        return Response.json({ account: { id: 7 } });
      }
      if (url === "/api/auth/account/active") {
        const { address } = JSON.parse(String(init?.body)) as { address: string };
        if (!linked.has(address.toLowerCase()))
          return Response.json({ statusCode: 403, message: "not linked" }, { status: 403 });
        current = { ...current, address: address.toLowerCase() };
        return Response.json({ session: current });
      }
      return Response.json({ statusCode: 404, message: "Not found" }, { status: 404 });
    }) as unknown as typeof globalThis.fetch;

    const session = await ensureWalletSession(
      { address: bob.address, chainId: 31337, signMessage: signWith(bob) },
      { fetch, location },
    );
    expect(session).toMatchObject({ kind: "email", address: bob.address.toLowerCase() });
    expect(calls).toEqual([
      "GET /api/auth/session",
      "PUT /api/auth/account/active",
      "GET /api/auth/account",
      "POST /api/auth/account/wallets",
      "PUT /api/auth/account/active",
    ]);
    // bob signed the link request of account 7, not a SIWE message: no sign-out happened
    const { buildLinkWalletMessage } = await import("@lending/sdk");
    const message = buildLinkWalletMessage({
      accountId: 7,
      address: bob.address,
      timestamp: linkBody!.timestamp,
      chainId: 31337,
    });
    const { verifyMessage } = await import("viem");
    expect(
      await verifyMessage({ address: bob.address, message, signature: linkBody!.signature }),
    ).toBe(true);
  });
});
