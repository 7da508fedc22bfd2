"use client";

import { fill, manage } from "@lending/sdk";
import { useState } from "react";
import { useWalletSession } from "@/features/auth/useWalletSession";
import { SignInCard } from "./SignInCard";

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
    <SignInCard
      id="manage-offer"
      className="mt-6"
      busy={busy}
      error={error}
      onSignIn={() => void signIn()}
    />
  );
}
