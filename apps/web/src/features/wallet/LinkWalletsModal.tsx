"use client";

import { shortenAddress, wallet } from "@lending/sdk";
import { useState } from "react";
import { useConfig, useConnection, useConnections, type Connector } from "wagmi";
import { disconnect, switchConnection } from "wagmi/actions";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/ModalProvider";
import type { RegistryModalProps } from "@/components/modal/registry";
import { walletErrorMessage } from "@/lib/errors";
import { DEV_WALLET_ID } from "./devWalletProvider";
import { useWalletState } from "./WalletStateProvider";

/** "Link wallets": connected wallets and their accounts; switch the active one; disconnect. */
export default function LinkWalletsModal({ onClose }: RegistryModalProps) {
  const config = useConfig();
  const connections = useConnections();
  const { address: activeAddress, connector: activeConnector } = useConnection();
  const { devWallet } = useWalletState();
  const { open } = useModal();
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(walletErrorMessage(e));
    }
  }

  async function activate(connector: Connector, account: string) {
    if (activeConnector?.uid !== connector.uid) await switchConnection(config, { connector });
    if (connector.id === DEV_WALLET_ID && devWallet) devWallet.selectAccount(account);
  }

  return (
    <Modal title={wallet.linkedTitle} onClose={onClose}>
      <div className="space-y-4">
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
                      onClick={() => void run(() => disconnect(config, { connector: c.connector }))}
                      className="rounded-lg px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50"
                    >
                      {wallet.disconnect}
                    </button>
                  </div>
                  <ul className="space-y-1">
                    {c.accounts.map((account, i) => {
                      const active =
                        activeConnector?.uid === c.connector.uid &&
                        account.toLowerCase() === activeAddress?.toLowerCase();
                      const selectable = !active && (switchable || i === 0);
                      return (
                        <li key={account}>
                          <button
                            type="button"
                            disabled={!selectable}
                            onClick={() => void run(() => activate(c.connector, account))}
                            className={`flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm ${
                              active
                                ? "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-600/20"
                                : "hover:bg-slate-50 disabled:text-slate-400 disabled:hover:bg-transparent"
                            }`}
                          >
                            <span className="font-mono">{shortenAddress(account)}</span>
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
                void run(async () => {
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
