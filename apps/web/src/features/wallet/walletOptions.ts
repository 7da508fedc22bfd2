import { account, wallet } from "@lending/sdk";
import type { Connector } from "wagmi";
import { DEV_WALLET_ID } from "./devWalletProvider";
import { BASE_ACCOUNT_ID, WALLETCONNECT_ID, type LazyConnectorId } from "./lazyConnectors";
import { BROWSER_WALLET_ID } from "./wagmiConfig";

/**
 * A row of the connect modal: a configured connector, one loaded on click, or a sign-in method
 * (Google, email) that creates or opens the account's embedded wallet.
 */
export type WalletOption =
  | { kind: "connector"; key: string; label: string; icon?: string; connector: Connector }
  | { kind: "lazy"; key: string; label: string; id: LazyConnectorId }
  | { kind: "google"; key: "google"; label: string }
  | { kind: "email"; key: "email"; label: string };

/**
 * Options in the order the connect modal shows them (spec section 9): primary: Browser Wallet,
 * WalletConnect (only with a project id), Google (only when configured), Email; others: Coinbase
 * Wallet, the detected (EIP-6963) wallets, and the Dev Wallet on the local chain.
 */
export function walletOptions(
  connectors: readonly Connector[],
  opts: { walletConnect: boolean; google?: boolean },
): { primary: WalletOption[]; others: WalletOption[] } {
  const primary: WalletOption[] = [];
  const browser = connectors.find((c) => c.id === BROWSER_WALLET_ID);
  if (browser)
    primary.push({
      kind: "connector",
      key: browser.uid,
      label: wallet.options.browser,
      connector: browser,
    });
  if (opts.walletConnect)
    primary.push({
      kind: "lazy",
      key: WALLETCONNECT_ID,
      label: wallet.options.walletConnect,
      id: WALLETCONNECT_ID,
    });
  if (opts.google) primary.push({ kind: "google", key: "google", label: account.options.google });
  primary.push({ kind: "email", key: "email", label: account.options.email });

  const others: WalletOption[] = [
    { kind: "lazy", key: BASE_ACCOUNT_ID, label: wallet.options.coinbase, id: BASE_ACCOUNT_ID },
  ];
  for (const c of connectors) {
    if (c.type === "injected" && c.id !== BROWSER_WALLET_ID && c.id !== DEV_WALLET_ID)
      others.push({ kind: "connector", key: c.uid, label: c.name, icon: c.icon, connector: c });
  }
  const dev = connectors.find((c) => c.id === DEV_WALLET_ID);
  if (dev)
    others.push({ kind: "connector", key: dev.uid, label: wallet.options.dev, connector: dev });
  return { primary, others };
}
