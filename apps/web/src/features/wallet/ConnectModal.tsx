"use client";

import { account as accountCopy, fill, wallet } from "@lending/sdk";
import { useCallback, useEffect, useState } from "react";
import { useConfig, useConnectors, type Connector, type CreateConnectorFn } from "wagmi";
import { connect, switchConnection } from "wagmi/actions";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { walletErrorMessage } from "@/lib/errors";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { showToast } from "@/components/toast/toast";
import { fetchAccount, googleSignInUrl, type Account } from "@/features/account/api";
import { EmailSignIn } from "@/features/account/EmailSignIn";
import { WalletSetup } from "@/features/account/WalletSetup";
import { embeddedConnector } from "@/features/account/embedded";
import {
  EMBEDDED_WALLET_ID,
  loadLazyConnector,
  walletConnectAvailable,
  WALLETCONNECT_ID,
} from "./lazyConnectors";
import { walletOptions, type WalletOption } from "./walletOptions";
import { useWalletRestored } from "./walletState";

export interface ConnectModalProps {
  /** back from Google (`?signin=google`): set up the signed-in account's embedded wallet */
  resume?: boolean;
  /** after the wallet is ready, open View Wallet on this view (export after a new sign-in) */
  next?: "export";
}

type View =
  { name: "list" } | { name: "email" } | { name: "loading" } | { name: "setup"; account: Account };

/**
 * "Connect a wallet" (spec section 9): primary: browser wallet, WalletConnect, Google, email;
 * others: Coinbase Wallet and detected wallets. Email and Google sign in to an account and then
 * create, unlock or restore its embedded wallet. Loaded on first open.
 */
export default function ConnectModal({
  onClose,
  resume,
  next,
}: RegistryModalProps<ConnectModalProps>) {
  const config = useConfig();
  const pc = usePublicConfig();
  const connectors = useConnectors();
  const restored = useWalletRestored();
  const { open } = useModal();
  const [view, setView] = useState<View>(resume ? { name: "loading" } : { name: "list" });
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { primary, others } = walletOptions(connectors, {
    walletConnect: walletConnectAvailable(pc),
    google: Boolean(pc.googleSignIn),
  });

  useEffect(() => {
    if (!resume) return;
    fetchAccount()
      .then((account) => {
        if (account) setView({ name: "setup", account });
        else {
          setView({ name: "list" });
          setError(accountCopy.errors.notSignedIn);
        }
      })
      .catch((e: unknown) => {
        setView({ name: "list" });
        setError((e as Error).message);
      });
  }, [resume]);

  /** The embedded wallet is unlocked: connect it in wagmi, close, warn without a recovery password. */
  const connectEmbedded = useCallback(
    async (account: Account) => {
      try {
        await restored();
        const existing = [...config.state.connections.values()].find(
          (c) => c.connector.id === EMBEDDED_WALLET_ID,
        );
        if (existing) await switchConnection(config, { connector: existing.connector });
        else
          await connect(config, {
            connector: await embeddedConnector(pc, accountCopy.embeddedWallet),
          });
        // the account's last active wallet, when it is a linked one connected in this browser
        const active = account.activeAddress?.toLowerCase();
        if (active && active !== account.embeddedAddress?.toLowerCase()) {
          const linked = [...config.state.connections.values()].find((c) =>
            c.accounts.some((a) => a.toLowerCase() === active),
          );
          if (linked) await switchConnection(config, { connector: linked.connector });
        }
        if (next === "export") open("viewWallet", { view: "export" });
        else onClose();
        const who = account.email ?? accountCopy.options.google;
        void showToast({ type: "success", title: fill(accountCopy.signedInAs, { who }) });
        if (!account.hasBackup) {
          void showToast({
            type: "warning",
            title: accountCopy.noRecovery.title,
            message: accountCopy.noRecovery.text,
            duration: 15_000,
            action: {
              label: accountCopy.noRecovery.action,
              onClick: () => open("viewWallet", { view: "recovery" }),
            },
          });
        }
      } catch (e) {
        setView({ name: "list" });
        setError(walletErrorMessage(e));
      }
    },
    [config, pc, onClose, open, next, restored],
  );

  async function choose(option: WalletOption) {
    setError(null);
    if (option.kind === "email") {
      setView({ name: "email" });
      return;
    }
    if (option.kind === "google") {
      setPending(option.key);
      window.location.assign(googleSignInUrl(window.location.pathname + window.location.search));
      return;
    }
    // WalletConnect shows its own QR modal: close ours first (its focus trap would block it)
    // and report a failure as a toast.
    const handOff = option.kind === "lazy" && option.id === WALLETCONNECT_ID;
    setPending(option.key);
    if (handOff) onClose();
    try {
      const connector: Connector | CreateConnectorFn =
        option.kind === "connector" ? option.connector : await loadLazyConnector(option.id, pc);
      await restored();
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
      {view.name === "email" ? (
        <EmailSignIn
          onBack={() => setView({ name: "list" })}
          onSignedIn={(account) => setView({ name: "setup", account })}
        />
      ) : view.name === "setup" ? (
        <WalletSetup
          account={view.account}
          onReady={(a) => void connectEmbedded(a)}
          onClose={onClose}
        />
      ) : view.name === "loading" ? (
        <p role="status" className="text-sm text-slate-700">
          {accountCopy.setup.creating}
        </p>
      ) : (
        <div className="space-y-5">
          <section>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {wallet.chooseWallet}
            </h3>
            <ul className="space-y-2">{primary.map(renderOption)}</ul>
          </section>
          <section>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {wallet.otherOptions}
            </h3>
            <ul className="space-y-2">{others.map(renderOption)}</ul>
          </section>
          {pending ? (
            <p role="status" className="text-sm text-slate-600">
              {pending === "google" ? accountCopy.google.redirecting : wallet.confirmInWallet}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
