"use client";

import { referralDetected } from "@lending/sdk";
import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import { Template } from "@/components/ui/Template";

const copy = referralDetected;

export interface ReferralDetectedViewProps {
  referrer: string;
  connected: boolean;
  busy: boolean;
  error: string | null;
  onApply: () => void;
  onConnect: () => void;
  onClose: () => void;
}

/**
 * The body of the referral-detected modal: the referrer, a connect prompt until a wallet is
 * connected, Close and Apply referral code. Shared by the modal (./ReferralDetectedModal) and
 * its visitor form (./ReferralDetectedVisitor), which needs no wallet stack.
 */
export function ReferralDetectedView({
  referrer,
  connected,
  busy,
  error,
  onApply,
  onConnect,
  onClose,
}: ReferralDetectedViewProps) {
  return (
    <div className="space-y-5 text-sm text-slate-700" data-testid="referral-detected">
      <p>
        <Template
          text={copy.text}
          values={{
            address: <span className="font-mono break-all">{referrer.toLowerCase()}</span>,
          }}
        />
      </p>
      {error ? (
        <p role="alert" className="text-red-800" data-testid="referral-detected-error">
          {error}
        </p>
      ) : null}
      {!connected ? (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p>{copy.connect}</p>
          <button type="button" onClick={onConnect} className={`mt-3 ${primaryButton}`}>
            {copy.connectButton}
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={secondaryButton}>
          {copy.close}
        </button>
        <button
          type="button"
          disabled={!connected || busy}
          onClick={onApply}
          className={primaryButton}
        >
          {busy ? copy.applying : copy.apply}
        </button>
      </div>
    </div>
  );
}
