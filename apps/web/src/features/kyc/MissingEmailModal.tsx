"use client";

import { loadTx } from "@/lib/stack/chunks";
import {
  buildEmailChallengeMessage,
  buildEmailConfirmationMessage,
  email as copy,
  fill,
  isConfirmationCode,
  isValidEmail,
  kyc,
  normalizeEmail,
} from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { showToast } from "@/components/toast/toast";
import { ApiError } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";
import { isUserRejection } from "@/lib/errors";
import { queryKeys } from "@/lib/queries/keys";
import type { KycInfo } from "@/lib/queries/server";
import { logClientError } from "@/lib/tx/pipeline";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { recordKycInfo } from "./kycState";
import { textInput } from "@/components/ui/buttons";

const primary =
  "rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50";
const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50";

/** The spec's email update error toast (section 8). */
function emailUpdateError(message: string = kyc.toasts.emailUpdateErrorMessage) {
  void showToast({ type: "error", title: kyc.toasts.emailUpdateError, message });
}

/**
 * The missing email modal (registry name "missingEmail", issue 12): a lender whose KYC status is
 * 'No Email' adds an email through the email challenge. Step 1 signs a request that mails a
 * 6-digit code; step 2 signs the confirmation with the code. 'No Email' after the update means
 * it failed (spec section 7): the 'Email update error' toast.
 */
export default function MissingEmailModal({ onClose }: RegistryModalProps) {
  const ids = useId();
  const config = useConfig();
  const { chainId } = usePublicConfig();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Signs `message` with the connected wallet; null (and a toast) when declined or failed. */
  async function sign(message: string): Promise<`0x${string}` | null> {
    try {
      const { signMessage } = await loadTx();
      return await signMessage(config, { message });
    } catch (e) {
      if (isUserRejection(e)) emailUpdateError(copy.signatureDeclined);
      else {
        emailUpdateError();
        await logClientError(e, { address, title: kyc.toasts.emailUpdateError });
      }
      return null;
    }
  }

  /** A 4xx's message goes under the field (the server's words); anything else is a toast. */
  async function failed(e: unknown) {
    if (e instanceof ApiError && e.statusCode >= 400 && e.statusCode < 500) setError(e.message);
    else {
      emailUpdateError();
      await logClientError(e, { address, title: kyc.toasts.emailUpdateError });
    }
  }

  async function sendCode() {
    if (!address) return;
    if (!isValidEmail(email)) return setError(copy.invalidEmail);
    setError(null);
    setBusy(true);
    try {
      const normalized = normalizeEmail(email);
      const timestamp = Date.now();
      const signature = await sign(
        buildEmailChallengeMessage({ address, email: normalized, timestamp, chainId }),
      );
      if (!signature) return;
      await apiPost("/api/email-challenge", { address, email: normalized, signature, timestamp });
      setSentTo(normalized);
      setCode("");
    } catch (e) {
      await failed(e);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!address || !sentTo) return;
    if (!isConfirmationCode(code)) return setError(copy.invalidCode);
    setError(null);
    setBusy(true);
    try {
      const timestamp = Date.now();
      const signature = await sign(
        buildEmailConfirmationMessage({ address, email: sentTo, timestamp, chainId }),
      );
      if (!signature) return;
      const info = await apiPost<KycInfo>("/api/email-challenge/confirm", {
        address,
        email: sentTo,
        code: code.trim(),
        signature,
        timestamp,
      });
      recordKycInfo(info);
      queryClient.setQueryData(queryKeys.kyc(address), info);
      if (info.status === "No Email") return emailUpdateError();
      void showToast({
        type: "success",
        title: copy.updatedTitle,
        message: fill(copy.updated, { email: sentTo }),
      });
      onClose();
    } catch (e) {
      await failed(e);
    } finally {
      setBusy(false);
    }
  }

  const message = error ? (
    <p id={`${ids}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="space-y-4 text-sm text-slate-700" data-testid="missing-email">
        <p>{copy.lead}</p>
        {sentTo === null ? (
          <form
            className="space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void sendCode();
            }}
          >
            <div>
              <label htmlFor={`${ids}-email`} className="block font-medium text-slate-800">
                {copy.emailLabel}
              </label>
              <input
                id={`${ids}-email`}
                type="email"
                autoComplete="email"
                className={textInput}
                value={email}
                aria-invalid={error !== null}
                aria-describedby={error ? `${ids}-error` : undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
                data-testid="missing-email-input"
              />
              {message}
            </div>
            <div className="flex flex-wrap justify-end gap-3">
              {/* a code already mailed, e.g. by the KYC widget to the email typed there */}
              <button
                type="button"
                className={secondary}
                disabled={busy || email.trim() === ""}
                onClick={() => {
                  if (!isValidEmail(email)) return setError(copy.invalidEmail);
                  setError(null);
                  setSentTo(normalizeEmail(email));
                  setCode("");
                }}
              >
                {copy.haveCode}
              </button>
              <button type="submit" className={primary} disabled={busy || email.trim() === ""}>
                {busy ? copy.sending : copy.sendCode}
              </button>
            </div>
          </form>
        ) : (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              void confirm();
            }}
          >
            <p data-testid="missing-email-sent">{fill(copy.codeSent, { email: sentTo })}</p>
            <div>
              <label htmlFor={`${ids}-code`} className="block font-medium text-slate-800">
                {copy.codeLabel}
              </label>
              <input
                id={`${ids}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className={textInput}
                value={code}
                aria-invalid={error !== null}
                aria-describedby={error ? `${ids}-error` : undefined}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, ""));
                  setError(null);
                }}
                data-testid="missing-email-code"
              />
              {message}
            </div>
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                className={secondary}
                disabled={busy}
                onClick={() => {
                  setSentTo(null);
                  setError(null);
                }}
              >
                {copy.changeEmail}
              </button>
              <button type="submit" className={primary} disabled={busy || code.length !== 6}>
                {busy ? copy.confirming : copy.confirm}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
