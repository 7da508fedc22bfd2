"use client";

import {
  account as copy,
  fill,
  formatWalletAmount,
  getDeployment,
  readEthBalance,
  readTokenBalance,
  shortenAddress,
  validateRecoveryPassword,
} from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Address } from "viem";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { fetchAccount, googleSignInUrl, type Account } from "./api";
import { canExport, exportEmbeddedKey, setRecoveryPassword } from "./embedded";
import { EmailSignIn } from "./EmailSignIn";
import { QrCode } from "./QrCode";
import { accountErrorMessage } from "./errors";
import { FormError, PasswordField } from "./fields";

export type WalletPanelView = "main" | "addFunds" | "recovery" | "export";

export interface ViewWalletModalProps {
  view?: WalletPanelView;
}

/** The on-ramp adapter: the configured provider's page for this address and chain. */
export function onRampUrl(template: string, address: string, chainId: number): string {
  return template
    .replaceAll("{address}", encodeURIComponent(address))
    .replaceAll("{chainId}", String(chainId));
}

function NoRecoveryWarning({ onSet }: { onSet?: () => void }) {
  return (
    <div role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="font-semibold">{copy.noRecovery.title}</p>
      <p className="mt-1">{copy.noRecovery.text}</p>
      {onSet ? (
        <button
          type="button"
          onClick={onSet}
          className="mt-2 inline-flex min-h-6 items-center font-semibold underline"
        >
          {copy.noRecovery.action}
        </button>
      ) : null}
    </div>
  );
}

function Balances({ address }: { address: Address }) {
  const { chainId, client } = useAppChain();
  const q = useQuery({
    queryKey: queryKeys.walletPanel(chainId, address.toLowerCase()),
    enabled: Boolean(client),
    refetchInterval: 60_000,
    queryFn: async () => {
      const deployment = getDeployment(chainId);
      const [usdc, eth] = await Promise.all([
        readTokenBalance(client!, { token: deployment.usdc, owner: address }),
        readEthBalance(client!, address),
      ]);
      return { usdc, eth };
    },
  });
  return (
    <section aria-label={copy.view.balances} className="rounded-xl border border-slate-200 p-3">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-600">{copy.view.usdc}</dt>
        <dd className="text-right font-mono" data-testid="wallet-usdc">
          {q.data
            ? formatWalletAmount(q.data.usdc, 6)
            : q.isError
              ? copy.view.unavailable
              : copy.view.loading}
        </dd>
        <dt className="text-slate-600">{copy.view.eth}</dt>
        <dd className="text-right font-mono" data-testid="wallet-eth">
          {q.data
            ? formatWalletAmount(q.data.eth, 18)
            : q.isError
              ? copy.view.unavailable
              : copy.view.loading}
        </dd>
      </dl>
      {q.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {copy.view.readError}
        </p>
      ) : null}
    </section>
  );
}

function AddFunds({ address }: { address: string }) {
  const pc = usePublicConfig();
  const { chainName } = useAppChain();
  const [copied, setCopied] = useState(false);
  return (
    <section className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">{copy.receive.title}</h3>
      <p className="text-sm text-slate-700">{fill(copy.receive.text, { chain: chainName })}</p>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-slate-600">{copy.receive.network}</dt>
          <dd className="font-semibold" data-testid="receive-chain">
            {chainName}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{copy.receive.address}</dt>
          <dd className="font-mono break-all" data-testid="receive-address">
            {address}
          </dd>
        </div>
      </dl>
      <div className="flex justify-center">
        <QrCode text={address} label={copy.receive.qrLabel} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() =>
            void navigator.clipboard?.writeText(address).then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          {copied ? copy.receive.copied : copy.receive.copy}
        </button>
        {pc.onRamp ? (
          <a
            href={onRampUrl(pc.onRamp.urlTemplate, address, pc.chainId)}
            target="_blank"
            rel="noopener noreferrer"
            className={primaryButton}
          >
            {fill(copy.receive.onRamp, { provider: pc.onRamp.name })}
          </a>
        ) : null}
      </div>
    </section>
  );
}

function RecoveryForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const ids = useId();
  const pc = usePublicConfig();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  async function save() {
    const problem = validateRecoveryPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await setRecoveryPassword(account, password, pc);
      setPassword("");
      setConfirm("");
      setSaved(true);
      onDone();
    } catch (e) {
      setError(accountErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">{copy.recovery.title}</h3>
      <p className="text-sm text-slate-700">{copy.recovery.text}</p>
      {account.hasBackup ? (
        <p className="text-sm text-slate-600">{copy.recovery.replaces}</p>
      ) : null}
      <PasswordField
        id={`${ids}-p`}
        label={copy.recovery.password}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        errorId={error ? `${ids}-error` : undefined}
      />
      <PasswordField
        id={`${ids}-c`}
        label={copy.recovery.confirm}
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        errorId={error ? `${ids}-error` : undefined}
      />
      {error ? <FormError id={`${ids}-error`}>{error}</FormError> : null}
      {saved ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {copy.recovery.saved}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? copy.recovery.saving : copy.recovery.save}
      </button>
    </form>
  );
}

function ExportKey({ account, onSignedIn }: { account: Account; onSignedIn: () => void }) {
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  // the 5-minute window is checked when the lender asks, against the session's sign-in time
  const [now, setNow] = useState(() => Date.now());

  if (!canExport(account, now)) {
    return (
      <section className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900">{copy.export.title}</h3>
        <p role="alert" className="text-sm text-slate-700">
          {copy.export.expired}
        </p>
        {reauth && account.email ? (
          <EmailSignIn
            initialEmail={account.email}
            fixedEmail
            onSignedIn={() => {
              setReauth(false);
              setNow(Date.now());
              onSignedIn();
            }}
          />
        ) : (
          <button
            type="button"
            className={primaryButton}
            onClick={() => {
              if (account.email) setReauth(true);
              else
                window.location.assign(googleSignInUrl(`${window.location.pathname}?next=export`));
            }}
          >
            {copy.export.signInAgain}
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">{copy.export.title}</h3>
      <p role="note" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {copy.export.warning}
      </p>
      {key ? (
        <label className="block text-sm font-medium text-slate-700">
          {copy.export.keyLabel}
          <textarea
            readOnly
            rows={3}
            value={key}
            data-testid="exported-key"
            className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all"
          />
        </label>
      ) : (
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            if (!canExport(account)) {
              setNow(Date.now());
              return;
            }
            exportEmbeddedKey(account).then(setKey, (e: unknown) =>
              setError(accountErrorMessage(e)),
            );
          }}
        >
          {copy.export.reveal}
        </button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/**
 * View Wallet (spec: "Embedded wallet modal"): titled with the shortened address; USDC and ETH
 * balances (4 decimals at most); Add Funds (receive funds: address, QR code, the chain's name,
 * an on-ramp when configured), Set a recovery password, Export Embedded Wallet.
 */
export default function ViewWalletModal({
  onClose,
  view: initialView = "main",
}: RegistryModalProps<ViewWalletModalProps>) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<WalletPanelView>(initialView);
  const q = useQuery({ queryKey: queryKeys.account(), queryFn: fetchAccount });
  const account = q.data;
  const address = account?.embeddedAddress ?? null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.account() });

  return (
    <Modal title={address ? shortenAddress(address) : copy.embeddedWallet} onClose={onClose}>
      {!account || !address ? (
        <p role={q.isPending ? "status" : "alert"} className="text-sm text-slate-700">
          {q.isPending ? copy.view.loading : copy.errors.notSignedIn}
        </p>
      ) : (
        <div className="space-y-4">
          {view !== "main" ? (
            <button
              type="button"
              onClick={() => setView("main")}
              className="inline-flex min-h-6 items-center text-sm font-semibold text-emerald-800 underline"
            >
              {copy.view.back}
            </button>
          ) : null}
          {view === "main" ? (
            <>
              {!account.hasBackup ? <NoRecoveryWarning onSet={() => setView("recovery")} /> : null}
              <Balances address={address as Address} />
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <button type="button" className={primaryButton} onClick={() => setView("addFunds")}>
                  {copy.view.addFunds}
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setView("recovery")}
                >
                  {copy.view.setRecovery}
                </button>
                <button type="button" className={secondaryButton} onClick={() => setView("export")}>
                  {copy.view.exportWallet}
                </button>
              </div>
            </>
          ) : view === "addFunds" ? (
            <AddFunds address={address} />
          ) : view === "recovery" ? (
            <RecoveryForm account={account} onDone={refresh} />
          ) : (
            <>
              {!account.hasBackup ? <NoRecoveryWarning /> : null}
              <ExportKey account={account} onSignedIn={refresh} />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
