"use client";

import {
  account as accountCopy,
  buildLinkWalletMessage,
  fill,
  shortenAddress,
  wallet,
} from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConfig, useConnection, useConnections, type Config, type Connector } from "wagmi";
import { connect, disconnect, signMessage, switchConnection } from "wagmi/actions";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import {
  fetchAccount,
  linkAccountWallet,
  setActiveAccountWallet,
  signOut,
  signOutEverywhere,
  unlinkAccountWallet,
  type Account,
} from "@/features/account/api";
import { switchActiveWallet } from "@/features/account/activeWallet";
import { embeddedConnector, embeddedProvider } from "@/features/account/embedded";
import { walletErrorMessage } from "@/lib/errors";
import { queryKeys } from "@/lib/queries/keys";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { DEV_WALLET_ID } from "./devWalletProvider";
import { EMBEDDED_WALLET_ID } from "./lazyConnectors";
import { useWalletState } from "./WalletStateProvider";

/** Links a connected wallet to the account: the wallet signs the link request (fresh, single use). */
async function linkWithSignature(
  config: Config,
  args: { account: Account; connector: Connector; address: `0x${string}`; chainId: number },
): Promise<Account> {
  const timestamp = Date.now();
  const message = buildLinkWalletMessage({
    accountId: args.account.id,
    address: args.address,
    timestamp,
    chainId: args.chainId,
  });
  const signature = await signMessage(config, {
    account: args.address,
    message,
    connector: args.connector,
  });
  return linkAccountWallet({ address: args.address, signature, timestamp });
}

const same = (a?: string | null, b?: string | null) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * "Link wallets": for a lender signed in by email or Google, the account's wallets (the embedded
 * one and those linked by a signature) with the active one marked, a switch, View Wallet for the
 * embedded wallet, linking of the wallets connected in this browser and sign-out; for everyone
 * the connected wallets and their accounts (switch, disconnect).
 */
export default function LinkWalletsModal({ onClose }: RegistryModalProps) {
  const config = useConfig();
  const pc = usePublicConfig();
  const connections = useConnections();
  const { address: activeAddress, connector: activeConnector } = useConnection();
  const { devWallet } = useWalletState();
  const { open } = useModal();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const accountQuery = useQuery({ queryKey: queryKeys.account(), queryFn: fetchAccount });
  const account = accountQuery.data ?? null;

  async function run(key: string, action: () => Promise<unknown>) {
    setError(null);
    setBusy(key);
    try {
      await action();
    } catch (e) {
      setError(walletErrorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function activate(connector: Connector, address: string) {
    if (activeConnector?.uid !== connector.uid) await switchConnection(config, { connector });
    if (connector.id === DEV_WALLET_ID && devWallet) devWallet.selectAccount(address);
  }

  /** The connection (and account) of `address` in this browser, if any. */
  const connectionOf = (address: string) =>
    connections.find((c) => c.accounts.some((a) => same(a, address)));

  /** Makes one of the account's wallets active, for the session and then in this browser. */
  async function activateAccountWallet(a: Account, address: string, kind: "embedded" | "linked") {
    const c = kind === "linked" ? connectionOf(address) : undefined;
    if (kind === "linked" && !c) throw new Error(accountCopy.linked.notConnected);
    const updated = await switchActiveWallet({
      address,
      previous: activeAddress,
      session: setActiveAccountWallet,
      browser: async () => {
        if (c) return activate(c.connector, address);
        const existing = connections.find((x) => x.connector.id === EMBEDDED_WALLET_ID);
        if (existing) await switchConnection(config, { connector: existing.connector });
        else
          await connect(config, {
            connector: await embeddedConnector(pc, accountCopy.embeddedWallet),
          });
      },
    });
    queryClient.setQueryData(queryKeys.account(), updated);
  }

  async function linkConnected(a: Account, connector: Connector, address: `0x${string}`) {
    let updated = await linkWithSignature(config, {
      account: a,
      connector,
      address,
      chainId: pc.chainId,
    });
    // the wallet in use is now the account's active one (the session follows it)
    if (same(address, activeAddress)) updated = await setActiveAccountWallet(address);
    queryClient.setQueryData(queryKeys.account(), updated);
  }

  async function signOutAccount(everywhere = false) {
    await (everywhere ? signOutEverywhere() : signOut());
    embeddedProvider(pc).lock();
    const embedded = connections.find((c) => c.connector.id === EMBEDDED_WALLET_ID);
    if (embedded) await disconnect(config, { connector: embedded.connector });
    queryClient.setQueryData(queryKeys.account(), null);
    onClose();
  }

  const unlinked = account
    ? connections.flatMap((c) =>
        c.connector.id === EMBEDDED_WALLET_ID
          ? []
          : c.accounts
              .filter((addr) => !account.wallets.some((w) => same(w.address, addr)))
              .slice(0, c.connector.id === DEV_WALLET_ID ? 4 : 1)
              .map((addr) => ({ connector: c.connector, address: addr })),
      )
    : [];

  return (
    <Modal title={wallet.linkedTitle} onClose={onClose}>
      <div className="space-y-4">
        {account ? (
          <section className="space-y-3 rounded-xl border border-emerald-200 p-3">
            <h3 className="text-sm font-semibold break-words text-slate-900">
              {fill(accountCopy.linked.accountTitle, {
                who: account.email ?? accountCopy.options.google,
              })}
            </h3>
            <ul className="space-y-2" data-testid="account-wallets">
              {account.wallets.map((w) => {
                const active = same(w.address, activeAddress);
                const usable = w.kind === "embedded" || Boolean(connectionOf(w.address));
                return (
                  <li
                    key={w.address}
                    className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
                  >
                    <span className="font-mono">{shortenAddress(w.address)}</span>
                    {w.kind === "embedded" ? (
                      <span className="text-xs text-slate-600">{accountCopy.embeddedWallet}</span>
                    ) : null}
                    <span className="ml-auto flex flex-wrap gap-2">
                      {active ? (
                        <span className="text-xs font-semibold text-emerald-800">
                          {wallet.active}
                        </span>
                      ) : usable ? (
                        <button
                          type="button"
                          disabled={busy !== null}
                          onClick={() =>
                            void run(`use:${w.address}`, () =>
                              activateAccountWallet(account, w.address, w.kind),
                            )
                          }
                          className="rounded-lg px-2 py-1 text-xs font-semibold text-emerald-800 hover:bg-emerald-50"
                        >
                          {accountCopy.linked.useWallet}
                        </button>
                      ) : (
                        <span className="text-xs text-slate-500">
                          {accountCopy.linked.notConnected}
                        </span>
                      )}
                      {w.kind === "linked" ? (
                        <button
                          type="button"
                          disabled={busy !== null}
                          aria-label={fill(accountCopy.linked.unlinkLabel, {
                            address: shortenAddress(w.address),
                          })}
                          onClick={() =>
                            void run(`unlink:${w.address}`, async () =>
                              queryClient.setQueryData(
                                queryKeys.account(),
                                await unlinkAccountWallet(w.address),
                              ),
                            )
                          }
                          className="rounded-lg px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                        >
                          {accountCopy.linked.unlink}
                        </button>
                      ) : null}
                      {w.kind === "embedded" ? (
                        <button
                          type="button"
                          onClick={() => open("viewWallet")}
                          className="rounded-lg px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-white"
                        >
                          {accountCopy.linked.viewWallet}
                        </button>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ul>
            {unlinked.map((u) => (
              <button
                key={`${u.connector.uid}:${u.address}`}
                type="button"
                disabled={busy !== null}
                onClick={() =>
                  void run(`link:${u.address}`, () =>
                    linkConnected(account, u.connector, u.address),
                  )
                }
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-50"
              >
                {busy === `link:${u.address}`
                  ? accountCopy.linked.linking
                  : fill(accountCopy.linked.linkWallet, {
                      wallet: `${u.connector.name} ${shortenAddress(u.address)}`,
                    })}
              </button>
            ))}
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void run("signOut", () => signOutAccount())}
              className="rounded-lg px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              {accountCopy.linked.signOut}
            </button>
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void run("signOutEverywhere", () => signOutAccount(true))}
              className="rounded-lg px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              {accountCopy.linked.signOutEverywhere}
            </button>
          </section>
        ) : null}
        {connections.length === 0 ? (
          <p className="text-sm text-slate-600">{wallet.noneConnected}</p>
        ) : (
          <ul className="space-y-3">
            {connections.map((c) => {
              const switchable = c.connector.id === DEV_WALLET_ID;
              return (
                <li key={c.connector.uid} className="rounded-xl border border-slate-200 p-3">
                  <div className="mb-2 flex items-center justify-between">
                    <span className="text-sm font-semibold text-slate-900">{c.connector.name}</span>
                    <button
                      type="button"
                      onClick={() =>
                        void run("disconnect", () => disconnect(config, { connector: c.connector }))
                      }
                      className="rounded-lg px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50"
                    >
                      {wallet.disconnect}
                    </button>
                  </div>
                  <ul className="space-y-1">
                    {c.accounts.map((address, i) => {
                      const active =
                        activeConnector?.uid === c.connector.uid && same(address, activeAddress);
                      const selectable = !active && (switchable || i === 0);
                      return (
                        <li key={address}>
                          <button
                            type="button"
                            disabled={!selectable}
                            onClick={() =>
                              void run("activate", async () => {
                                await activate(c.connector, address);
                                if (account?.wallets.some((w) => same(w.address, address)))
                                  queryClient.setQueryData(
                                    queryKeys.account(),
                                    await setActiveAccountWallet(address),
                                  );
                              })
                            }
                            className={`flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm ${
                              active
                                ? "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-600/20"
                                : "hover:bg-slate-50 disabled:text-slate-400 disabled:hover:bg-transparent"
                            }`}
                          >
                            <span className="font-mono">{shortenAddress(address)}</span>
                            {active ? (
                              <span className="text-xs font-semibold">{wallet.active}</span>
                            ) : selectable ? (
                              <span className="text-xs text-slate-500">{wallet.useAccount}</span>
                            ) : null}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-2">
          <button
            type="button"
            onClick={() => open("connectWallet")}
            className="rounded-xl bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
          >
            {wallet.linkAnother}
          </button>
          {connections.length > 0 ? (
            <button
              type="button"
              onClick={() =>
                void run("disconnectAll", async () => {
                  for (const c of connections) await disconnect(config, { connector: c.connector });
                  onClose();
                })
              }
              className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {wallet.disconnectAll}
            </button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
