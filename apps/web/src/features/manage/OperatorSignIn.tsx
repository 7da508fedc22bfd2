"use client";

import { fill, manage } from "@lending/sdk";
import { useState } from "react";
import { primaryButton } from "@/components/ui/buttons";
import { useWalletSession } from "@/features/auth/useWalletSession";
import { ErrorText } from "./ui";

/** The operator's sign-in on /manage's 404 (OperatorSignInOffer): a session, then a reload. */
export function OperatorSignIn() {
  const { ensure } = useWalletSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      await ensure();
      // a full reload: the server answers /manage again, now with the session cookie (a soft
      // refresh keeps the not-found boundary of the same path)
      window.location.reload();
    } catch (e) {
      setError(fill(manage.signInFailed, { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="manage-offer"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="manage-offer" className="text-lg font-semibold text-slate-900">
        {manage.signInTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{manage.signInText}</p>
      <button
        type="button"
        className={`${primaryButton} mt-3`}
        disabled={busy}
        onClick={() => void signIn()}
      >
        {busy ? manage.signingIn : manage.signIn}
      </button>
      {error ? <ErrorText>{error}</ErrorText> : null}
    </section>
  );
}
