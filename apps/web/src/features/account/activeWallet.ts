/**
 * Switching an account's active wallet (the link wallets modal's "Use this wallet"). The session
 * follows the active wallet: the server answers a wallet's personal data only to a session whose
 * active wallet it is. So the session is switched first and the browser's connection after: the
 * page shows the wallet as in use (the wallet button, "Active") only once the server answers its
 * data. The other order left a moment in which the page showed the new wallet and its reads were
 * refused (403; seen in e2e/embedded-wallet.spec.ts on a loaded machine).
 */
export async function switchActiveWallet<A>(steps: {
  /** the wallet to make active */
  address: string;
  /** the wallet in use before (the session goes back to it when the browser cannot switch) */
  previous: string | undefined;
  /** PUT /api/auth/account/active */
  session: (address: string) => Promise<A>;
  /** this browser's connection to the wallet (wagmi's switch or connect) */
  browser: () => Promise<void>;
}): Promise<A> {
  const updated = await steps.session(steps.address);
  try {
    await steps.browser();
  } catch (error) {
    if (steps.previous) await steps.session(steps.previous).catch(() => undefined);
    throw error;
  }
  return updated;
}
