"use client";

import { wallet } from "@lending/sdk";
import { useState } from "react";
import { useConfig, useConnectors, type Connector, type CreateConnectorFn } from "wagmi";
import { connect } from "wagmi/actions";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { walletErrorMessage } from "@/lib/errors";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { showToast } from "@/components/toast/toast";
import { loadLazyConnector, walletConnectAvailable, WALLETCONNECT_ID } from "./lazyConnectors";
import { walletOptions, type WalletOption } from "./walletOptions";

/** "Connect a wallet": detected wallets first, then the other options. Loaded on first open. */
export default function ConnectModal({ onClose }: RegistryModalProps) {
  const config = useConfig();
  const pc = usePublicConfig();
  const connectors = useConnectors();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { detected, others } = walletOptions(connectors, {
    walletConnect: walletConnectAvailable(pc),
  });

  async function choose(option: WalletOption) {
    // WalletConnect shows its own QR modal: close ours first (its focus trap would block it)
    // and report a failure as a toast.
    const handOff = option.kind === "lazy" && option.id === WALLETCONNECT_ID;
    setPending(option.key);
    setError(null);
    if (handOff) onClose();
    try {
      const connector: Connector | CreateConnectorFn =
        option.kind === "connector" ? option.connector : await loadLazyConnector(option.id, pc);
      await connect(config, { connector });
      onClose();
    } catch (e) {
      if (handOff)
        void showToast({
          type: "error",
          title: wallet.connectionFailed,
          message: walletErrorMessage(e),
        });
      else setError(walletErrorMessage(e));
    } finally {
      setPending(null);
    }
  }

  /** Fetch a lazy connector's SDK while the pointer is on its button (keeps popups user-initiated). */
  const preload = (o: WalletOption) => {
    if (o.kind === "lazy" && (o.id !== WALLETCONNECT_ID || walletConnectAvailable(pc)))
      void loadLazyConnector(o.id, pc).catch(() => {});
  };

  const renderOption = (o: WalletOption) => (
    <li key={o.key}>
      <button
        type="button"
        disabled={pending !== null}
        onClick={() => void choose(o)}
        onPointerEnter={() => preload(o)}
        onFocus={() => preload(o)}
        className="flex w-full items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-left text-sm font-medium text-slate-900 hover:border-slate-400 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60"
      >
        {o.kind === "connector" && o.icon ? (
          <img src={o.icon} alt="" width={24} height={24} className="h-6 w-6 rounded" />
        ) : (
          <span aria-hidden="true" className="h-6 w-6 rounded bg-slate-200" />
        )}
        <span>{o.label}</span>
        {pending === o.key ? (
          <span aria-hidden="true" className="ml-auto text-xs text-slate-500">
            …
          </span>
        ) : null}
      </button>
    </li>
  );

  return (
    <Modal title={wallet.connectTitle} onClose={onClose}>
      <div className="space-y-5">
        {detected.length > 0 ? (
          <section>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {wallet.detected}
            </h3>
            <ul className="space-y-2">{detected.map(renderOption)}</ul>
          </section>
        ) : null}
        <section>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {detected.length > 0 ? wallet.otherOptions : wallet.chooseWallet}
          </h3>
          <ul className="space-y-2">{others.map(renderOption)}</ul>
        </section>
        {pending ? (
          <p role="status" className="text-sm text-slate-600">
            {wallet.confirmInWallet}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
