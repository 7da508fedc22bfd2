"use client";

import { fill, kyc } from "@lending/sdk";
import { useState, type FormEvent } from "react";

type Result =
  | { status: string; fullName?: string; pendingEmail?: string; pendingEmailError?: string }
  | { statusCode: number; message: string };

const copy = kyc.local;
const STATUS_TEXT: Record<string, string> = copy.statusText;

export function LocalKycForm({
  session,
  signedIsIndividual,
}: {
  session: string;
  /** the entity type signed in the challenge; the server refuses another one */
  signedIsIndividual?: boolean;
}) {
  const [isIndividual, setIsIndividual] = useState(signedIsIndividual ?? true);
  const entityFixed = signedIsIndividual !== undefined;
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const response = await fetch("/api/kyc/local", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ session, fullName, email, isIndividual }),
      });
      setResult((await response.json()) as Result);
    } catch {
      setResult({ statusCode: 0, message: copy.unreachable });
    } finally {
      setPending(false);
    }
  }

  if (result && "status" in result) {
    return (
      <p
        role="status"
        className="max-w-xl rounded-2xl border border-emerald-300 bg-white p-6 text-slate-800"
      >
        <strong>{fill(copy.result, { status: result.status })}</strong>{" "}
        {STATUS_TEXT[result.status] ?? ""}
        {result.pendingEmail ? (
          <span className="mt-2 block" data-testid="kyc-pending-email">
            {fill(copy.pendingEmail, { email: result.pendingEmail })}
          </span>
        ) : result.pendingEmailError ? (
          <span className="mt-2 block" data-testid="kyc-pending-email">
            {fill(copy.pendingEmailError, { email, reason: result.pendingEmailError })}
          </span>
        ) : null}
      </p>
    );
  }

  return (
    <form
      onSubmit={submit}
      className="max-w-xl space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{copy.whoLends}</legend>
        <label className="mr-6 inline-flex items-center gap-2 text-slate-700">
          <input
            type="radio"
            name="entity"
            checked={isIndividual}
            disabled={entityFixed && !isIndividual}
            onChange={() => setIsIndividual(true)}
          />
          {kyc.individual}
        </label>
        <label className="inline-flex items-center gap-2 text-slate-700">
          <input
            type="radio"
            name="entity"
            checked={!isIndividual}
            disabled={entityFixed && isIndividual}
            onChange={() => setIsIndividual(false)}
          />
          {kyc.business}
        </label>
      </fieldset>
      <label className="block text-sm font-semibold text-slate-900">
        {isIndividual ? copy.fullName : copy.businessName}
        <input
          required
          minLength={2}
          maxLength={120}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal"
        />
      </label>
      <label className="block text-sm font-semibold text-slate-900">
        {copy.email}
        <input
          type="email"
          maxLength={200}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby="kyc-email-hint"
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal"
        />
        <span id="kyc-email-hint" className="mt-1 block text-xs font-normal text-slate-600">
          {copy.emailHint}
        </span>
      </label>
      {result && "message" in result ? (
        <p role="alert" className="text-sm text-red-700">
          {result.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        {pending ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
