/**
 * The browser side of the app's sessions (docs/api.md, "Sessions"): Sign-In with Ethereum through
 * the connected wallet, linking a wallet to an account, sign-out ("who am I" is ./session). Load
 * it where personal data is read (the owner's full KYC record, loan tickets, referred users),
 * with a dynamic import: it is not part of any page's first load. The server never answers wallet
 * A's data to wallet B's session; this module also ends a session as soon as the wallet's account
 * differs from it.
 */
import { buildLinkWalletMessage } from "@lending/sdk";
import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { getWalletSession, json, JSON_HEADERS, type Deps, type WalletSession } from "./session";

export { getWalletSession, type WalletSession } from "./session";

export type SignMessage = (args: { account: Address; message: string }) => Promise<`0x${string}`>;

/** Ends the session on the server (DELETE /api/auth/session). */
export async function signOutWallet(deps: Deps = {}): Promise<void> {
  const f = deps.fetch ?? fetch;
  await json(
    await f("/api/auth/session", {
      method: "DELETE",
      headers: JSON_HEADERS,
      credentials: "same-origin",
    }),
  );
}

/** Asks the wallet to sign a Sign-In with Ethereum message for this site and opens a session. */
export async function signInWithWallet(
  args: { address: Address; chainId: number; signMessage: SignMessage },
  deps: Deps = {},
): Promise<WalletSession> {
  const f = deps.fetch ?? fetch;
  const where = deps.location ?? window.location;
  const { nonce } = await json<{ nonce: string }>(
    await f("/api/auth/nonce", { headers: JSON_HEADERS, credentials: "same-origin" }),
  );
  const message = createSiweMessage({
    address: args.address,
    chainId: args.chainId,
    domain: where.host,
    uri: where.origin,
    version: "1",
    nonce,
    statement: "Sign in to see your own data. This costs nothing and sends no transaction.",
  });
  const signature = await args.signMessage({ account: args.address, message });
  const body = await json<{ session: WalletSession }>(
    await f("/api/auth/siwe", {
      method: "POST",
      headers: { ...JSON_HEADERS, "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ message, signature }),
    }),
  );
  return body.session;
}

/**
 * A session for `address`: the current one when it is this wallet's; for an email or Google
 * account session, the same session switched to this wallet (linked first, by the wallet's
 * signature, when it is not yet); otherwise the other session is ended first and the wallet
 * signs in.
 */
export async function ensureWalletSession(
  args: { address: Address; chainId: number; signMessage: SignMessage },
  deps: Deps = {},
): Promise<WalletSession> {
  const current = await getWalletSession(deps);
  if (current?.address === args.address.toLowerCase()) return current;
  if (current && current.kind !== "siwe") {
    // an email or Google account: this wallet becomes its active one; a wallet not linked yet
    // is linked first by its signature (the account's session stays)
    const f = deps.fetch ?? fetch;
    const activate = () =>
      f("/api/auth/account/active", {
        method: "PUT",
        headers: { ...JSON_HEADERS, "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ address: args.address }),
      });
    let response = await activate();
    if (response.status === 403) {
      const { account } = await json<{ account: { id: number } }>(
        await f("/api/auth/account", { headers: JSON_HEADERS, credentials: "same-origin" }),
      );
      const timestamp = Date.now();
      const message = buildLinkWalletMessage({
        accountId: account.id,
        address: args.address,
        timestamp,
        chainId: args.chainId,
      });
      const signature = await args.signMessage({ account: args.address, message });
      await json(
        await f("/api/auth/account/wallets", {
          method: "POST",
          headers: { ...JSON_HEADERS, "content-type": "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ address: args.address, signature, timestamp }),
        }),
      );
      response = await activate();
    }
    if (response.ok) return (await json<{ session: WalletSession }>(response)).session;
    // the account session has ended meanwhile: sign in with this wallet instead
  }
  if (current) await signOutWallet(deps);
  return signInWithWallet(args, deps);
}
