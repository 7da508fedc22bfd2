import { wallet } from "@lending/sdk";
import type { Connector } from "wagmi";
import { DEV_WALLET_ID } from "./devWalletProvider";
import { BASE_ACCOUNT_ID, WALLETCONNECT_ID, type LazyConnectorId } from "./lazyConnectors";
import { BROWSER_WALLET_ID } from "./wagmiConfig";

/** A row of the connect modal: a configured connector or one loaded on click. */
export type WalletOption =
  | { kind: "connector"; key: string; label: string; icon?: string; connector: Connector }
  | { kind: "lazy"; key: string; label: string; id: LazyConnectorId };

/**
 * Options in the order the connect modal shows them: detected (EIP-6963) wallets, Browser
 * Wallet, WalletConnect (only with a project id), Coinbase Wallet, Dev Wallet (local chain).
 */
export function walletOptions(
  connectors: readonly Connector[],
  opts: { walletConnect: boolean },
): { detected: WalletOption[]; others: WalletOption[] } {
  const detected: WalletOption[] = connectors
    .filter((c) => c.type === "injected" && c.id !== BROWSER_WALLET_ID && c.id !== DEV_WALLET_ID)
    .map((c) => ({ kind: "connector", key: c.uid, label: c.name, icon: c.icon, connector: c }));
  const others: WalletOption[] = [];
  const browser = connectors.find((c) => c.id === BROWSER_WALLET_ID);
  if (browser)
    others.push({
      kind: "connector",
      key: browser.uid,
      label: wallet.options.browser,
      connector: browser,
    });
  if (opts.walletConnect)
    others.push({
      kind: "lazy",
      key: WALLETCONNECT_ID,
      label: wallet.options.walletConnect,
      id: WALLETCONNECT_ID,
    });
  others.push({
    kind: "lazy",
    key: BASE_ACCOUNT_ID,
    label: wallet.options.coinbase,
    id: BASE_ACCOUNT_ID,
  });
  const dev = connectors.find((c) => c.id === DEV_WALLET_ID);
  if (dev)
    others.push({ kind: "connector", key: dev.uid, label: wallet.options.dev, connector: dev });
  return { detected, others };
}
