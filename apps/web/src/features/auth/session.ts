/**
 * The current session's read (GET /api/auth/session), apart from ./walletSession (Sign-In with
 * Ethereum, linking a wallet): the decisions watcher, on every page a connected wallet opens,
 * asks only this, without the SIWE message builder (issue 26).
 */
/** What GET /api/auth/session answers for a signed-in session. */
export type WalletSession = {
  kind: string;
  address: string | null;
  chainId: number | null;
  createdAt: string;
  idleExpiresAt: string;
  expiresAt: string;
};

export type Deps = { fetch?: typeof fetch; location?: Pick<Location, "host" | "origin"> };

export async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: unknown };
  if (!response.ok) {
    throw new Error(typeof body.message === "string" ? body.message : response.statusText);
  }
  return body;
}

export const JSON_HEADERS = { accept: "application/json" };

/** The current session, or null (GET /api/auth/session). */
export async function getWalletSession(deps: Deps = {}): Promise<WalletSession | null> {
  const f = deps.fetch ?? fetch;
  const body = await json<{ session: WalletSession | null }>(
    await f("/api/auth/session", { headers: JSON_HEADERS, credentials: "same-origin" }),
  );
  return body.session;
}
