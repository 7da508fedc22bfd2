"use client";

import { account as copy, fill } from "@lending/sdk";
import { useEffect, useId, useRef, useState } from "react";
import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import type { Account } from "./api";
import { restoreEmbeddedWallet, setUpEmbeddedWallet } from "./embedded";
import { accountErrorMessage } from "./errors";
import { FormError, PasswordField } from "./fields";

/**
 * After a sign-in: creates the embedded wallet (first sign-in), unlocks the one on this device,
 * or asks for the recovery password to restore it here. Calls `onReady` with the unlocked
 * wallet's account. A wrong password shows the catalog message and changes nothing.
 */
export function WalletSetup({
  account,
  onReady,
  onClose,
}: {
  account: Account;
  onReady: (account: Account) => void;
  /** leaves a setup that cannot go on (closes the modal) */
  onClose: () => void;
}) {
  const ids = useId();
  const pc = usePublicConfig();
  const [state, setState] = useState<"working" | "restore" | "noBackup" | "failed">("working");
  const [reason, setReason] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setUpEmbeddedWallet(account, pc)
      .then((r) => {
        if (r.status === "ready") onReady(r.account);
        else setState(r.status === "needsRestore" ? "restore" : "noBackup");
      })
      .catch((e: unknown) => {
        setReason(accountErrorMessage(e));
        setState("failed");
      });
  }, [account, pc, onReady]);

  async function restore() {
    setBusy(true);
    setError(null);
    try {
      await restoreEmbeddedWallet(account, password, pc);
      setPassword("");
      onReady(account);
    } catch (e) {
      setError(accountErrorMessage(e));
      setBusy(false);
    }
  }

  if (state === "working") {
    return (
      <p role="status" className="text-sm text-slate-700">
        {copy.setup.creating}
      </p>
    );
  }
  if (state === "failed" || state === "noBackup") {
    return (
      <div className="space-y-4">
        {state === "failed" ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {fill(copy.setup.failed, { reason })}
          </p>
        ) : (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {copy.setup.noBackup}
          </p>
        )}
        <button type="button" onClick={onClose} className={secondaryButton}>
          {copy.setup.close}
        </button>
      </div>
    );
  }
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void restore();
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">{copy.setup.restoreTitle}</h3>
      <p className="text-sm text-slate-700">{copy.setup.restoreText}</p>
      <PasswordField
        id={`${ids}-password`}
        label={copy.recovery.password}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        autoFocus
        errorId={error ? `${ids}-error` : undefined}
      />
      {error ? <FormError id={`${ids}-error`}>{error}</FormError> : null}
      <button type="submit" disabled={busy || password.length === 0} className={primaryButton}>
        {busy ? copy.setup.restoring : copy.setup.restore}
      </button>
    </form>
  );
}
