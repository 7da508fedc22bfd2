"use client";

import { epochMail as copy } from "@lending/sdk";
import { useEffect, useId, useState } from "react";
import { useConfig, useConnection } from "@/lib/stack";
import { apiGet } from "@/lib/api";
import { apiPut } from "@/lib/apiWrite";
import { useAppChain } from "@/lib/queries/hooks";

/**
 * The portfolio's epoch mail setting (issue 28 item 4): on by default; read with the wallet's
 * session when there is one, changed after signing in (the wallet's own session only).
 */
export function EpochMailSetting() {
  const { address } = useConnection();
  const config = useConfig();
  const { chainId } = useAppChain();
  const id = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!address) return;
    let live = true;
    // only with this wallet's session (no 401 to log for a lender not signed in)
    apiGet<{ session: { address?: string } | null }>("/api/auth/session")
      .then(async ({ session }) => {
        if (session?.address !== address.toLowerCase()) return;
        const r = await apiGet<{ on: boolean }>(`/api/epoch-mails?user=${address}`);
        if (live) setOn(r.on);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [address]);

  if (!address) return null;

  async function change(next: boolean) {
    if (!address) return;
    setBusy(true);
    setFailed(false);
    try {
      const { withWalletSession } = await import("@/features/auth/withWalletSession");
      const signed = await withWalletSession(
        { config, address, chainId },
        { declined: copy.settingSignIn, error: copy.settingError },
      );
      if (!signed) return;
      setOn((await apiPut<{ on: boolean }>("/api/epoch-mails", { user: address, on: next })).on);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const status = failed
    ? copy.settingError
    : on === null
      ? copy.settingSignIn
      : on
        ? copy.settingOn
        : copy.settingOff;
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:p-6"
      data-testid="epoch-mail-setting"
    >
      <label htmlFor={id} className="flex items-start gap-3 font-medium text-slate-900">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-emerald-700"
          checked={on ?? false}
          disabled={busy}
          aria-describedby={`${id}-status`}
          onChange={(e) => void change(e.target.checked)}
          data-testid="epoch-mail-toggle"
        />
        <span>{copy.setting}</span>
      </label>
      <p
        id={`${id}-status`}
        role="status"
        className={`mt-2 ${failed ? "text-red-800" : "text-slate-600"}`}
        data-testid="epoch-mail-status"
      >
        {status}
      </p>
    </div>
  );
}
