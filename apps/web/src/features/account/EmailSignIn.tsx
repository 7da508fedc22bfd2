"use client";

import { account as copy, fill, isConfirmationCode, isValidEmail } from "@lending/sdk";
import { useId, useState } from "react";
import { primaryButton, secondaryButton, textInput } from "@/components/ui/buttons";
import { requestSignInCode, verifySignInCode, type Account } from "./api";
import { accountErrorMessage } from "./errors";
import { FormError } from "./fields";

/**
 * Email sign-in: the address, then the 6-digit code mailed to it (10 minutes). Server errors
 * (wrong code with the tries left, expired, void, 429 with the wait) are shown as they come.
 */
export function EmailSignIn({
  initialEmail = "",
  fixedEmail = false,
  onSignedIn,
  onBack,
}: {
  initialEmail?: string;
  /** a new sign-in of the same account (export): the address cannot be changed */
  fixedEmail?: boolean;
  onSignedIn: (account: Account) => void;
  onBack?: () => void;
}) {
  const ids = useId();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (!isValidEmail(email)) {
      setError(copy.email.invalidEmail);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await requestSignInCode(email);
      setSentTo(r.email);
      setCode("");
    } catch (e) {
      setError(accountErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (!sentTo) return;
    if (!isConfirmationCode(code)) {
      setError(copy.email.invalidCode);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await verifySignInCode(sentTo, code.trim()));
    } catch (e) {
      setError(accountErrorMessage(e));
      setBusy(false);
    }
  }

  const errorBox = error ? <FormError id={`${ids}-error`}>{error}</FormError> : null;

  if (!sentTo) {
    return (
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <h3 className="text-base font-semibold text-slate-900">{copy.email.title}</h3>
        <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-email`}>
          {copy.email.emailLabel}
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            value={email}
            readOnly={fixedEmail}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : `${ids}-hint`}
            onChange={(e) => setEmail(e.target.value)}
            className={textInput}
          />
        </label>
        <p id={`${ids}-hint`} className="text-sm text-slate-600">
          {copy.email.emailHint}
        </p>
        {errorBox}
        <div className="flex flex-wrap gap-2">
          {onBack ? (
            <button type="button" onClick={onBack} className={secondaryButton}>
              {copy.email.back}
            </button>
          ) : null}
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? copy.email.sending : copy.email.sendCode}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void verify();
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">{copy.email.title}</h3>
      <p role="status" className="text-sm break-words text-slate-700">
        {fill(copy.email.codeSent, { email: sentTo })}
      </p>
      <label className="block text-sm font-medium text-slate-700" htmlFor={`${ids}-code`}>
        {copy.email.codeLabel}
        <input
          id={`${ids}-code`}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          autoFocus
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          className={`${textInput} font-mono tracking-widest`}
        />
      </label>
      {errorBox}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? copy.email.verifying : copy.email.verify}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void send()}
          className={secondaryButton}
        >
          {copy.email.resend}
        </button>
        {fixedEmail ? null : (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setSentTo(null);
              setError(null);
            }}
            className={secondaryButton}
          >
            {copy.email.changeEmail}
          </button>
        )}
      </div>
    </form>
  );
}
