/**
 * The browser side of email/Google sign-in and the account's wallets (docs/api.md, "Accounts").
 * Loaded only with the connect, link wallets and view wallet modals.
 */
import type { Address, Hex } from "viem";
import type { RecoveryBackup } from "@/features/embedded-wallet/recovery";
import { ApiError } from "@/lib/api";
import type { AccountView } from "@/server/services/accounts";

export { ApiError };

/** What GET /api/auth/account answers (the server's view of the account). */
export type Account = AccountView;

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
  });
  const body = (await response.json().catch(() => ({}))) as T & { message?: unknown };
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof body.message === "string" ? body.message : response.statusText,
    );
  }
  return body;
}

const send = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
});

export const requestSignInCode = (email: string) =>
  call<{ email: string; expiresAt: string }>("/api/auth/email/code", send("POST", { email }));

export const verifySignInCode = async (email: string, code: string) =>
  (await call<{ account: Account }>("/api/auth/email/verify", send("POST", { email, code })))
    .account;

/** The signed-in account, or null without an account session. */
export async function fetchAccount(): Promise<Account | null> {
  try {
    return (await call<{ account: Account }>("/api/auth/account")).account;
  } catch (e) {
    if (e instanceof ApiError && e.statusCode === 401) return null;
    throw e;
  }
}

type Signed = { address: Address; signature: Hex; timestamp: number };

export const registerEmbeddedWallet = async (b: Signed) =>
  (await call<{ account: Account }>("/api/auth/account/embedded", send("POST", b))).account;

export const linkAccountWallet = async (b: Signed) =>
  (await call<{ account: Account }>("/api/auth/account/wallets", send("POST", b))).account;

export const unlinkAccountWallet = async (address: string) =>
  (
    await call<{ account: Account }>(
      `/api/auth/account/wallets?address=${encodeURIComponent(address)}`,
      { method: "DELETE" },
    )
  ).account;

export const setActiveAccountWallet = async (address: string) =>
  (await call<{ account: Account }>("/api/auth/account/active", send("PUT", { address }))).account;

export const fetchBackup = async () =>
  (await call<{ backup: RecoveryBackup }>("/api/auth/account/backup")).backup;

export const storeBackup = (b: { backup: RecoveryBackup; signature: Hex; timestamp: number }) =>
  call<{ ok: true }>("/api/auth/account/backup", send("PUT", b));

export const signOut = () => call<{ session: null }>("/api/auth/session", { method: "DELETE" });

/** Ends every session of the account, on every device (this one included). */
export const signOutEverywhere = () =>
  call<{ session: null; ended: number }>("/api/auth/session/everywhere", { method: "POST" });

/** Where the Google button goes: the server's start of the OpenID Connect flow. */
export const googleSignInUrl = (returnTo: string) =>
  `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
