import { buildReferralMessage } from "@lending/sdk";
import type { Address, Hex, LocalAccount } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { expect } from "vitest";
import { GET as nonceRoute } from "../../../app/api/auth/nonce/route";
import { POST as siweRoute } from "../../../app/api/auth/siwe/route";
import { PEER_ADDRESS_HEADER } from "../http/client";
import { getRequest, postRequest } from "./harness";

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** Calls a route handler and keeps the response headers (Set-Cookie). */
export async function callWithHeaders(handler: Handler, request: Request) {
  const response = await handler(request, { params: Promise.resolve({}) });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
    setCookie: response.headers.get("set-cookie"),
  };
}

/** A fresh nonce from GET /api/auth/nonce. */
export async function newNonce(base = "http://localhost:3000"): Promise<string> {
  const r = await callWithHeaders(nonceRoute, new Request(`${base}/api/auth/nonce`));
  expect(r.status).toBe(200);
  return r.body.nonce as string;
}

/** The EIP-4361 message a browser on http://localhost:3000 (chain 31337) asks the wallet to sign. */
export function siweMessage(
  account: { address: `0x${string}` },
  nonce: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): string {
  return createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: "localhost:3000",
    uri: "http://localhost:3000",
    version: "1",
    nonce,
    issuedAt: new Date(),
    statement: "Sign in to read your data.",
    ...overrides,
  });
}

/** The `name=value` of a Set-Cookie header, for the Cookie header of later requests. */
export const cookieOf = (setCookie: string | null): string => (setCookie ?? "").split(";")[0]!;

/** Signs in `account` through the API; answers the Cookie header value of its session. */
export async function signIn(account: PrivateKeyAccount): Promise<string> {
  const message = siweMessage(account, await newNonce());
  const signature = await account.signMessage({ message });
  const r = await callWithHeaders(siweRoute, postRequest("/api/auth/siwe", { message, signature }));
  expect(r.status).toBe(200);
  return cookieOf(r.setCookie);
}

/** A GET carrying a session cookie. */
export const getWithCookie = (path: string, cookie: string) => getRequest(path, { cookie });

let peer = 0;
/**
 * The peer-address header of a request from an address no other call of this file used (the
 * proxy's header the per-IP rate limits read): the per-IP limit stays out of a test that is about
 * something else, and is tested on its own.
 */
export const fromNewIp = (): Record<string, string> => ({
  [PEER_ADDRESS_HEADER]: `198.51.100.${(peer++ % 250) + 1}`,
});

/** `owner`'s signature of the referral message naming `referrer` (chain 31337), as the app asks. */
export const signReferral = (owner: LocalAccount, referrer: Address): Promise<Hex> =>
  owner.signMessage({
    message: buildReferralMessage({ owner: owner.address, referrer, chainId: 31337 }),
  });
