"use client";

import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import { fill, formatPercent, formatUsdc, referral, referralLink } from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { Figure } from "@/components/ui/Figures";
import { Skeleton } from "@/components/ui/Skeleton";
import { ApiError } from "@/lib/api";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";
import { usePublicConfig } from "@/providers/PublicConfigContext";

const copy = referral.modal;

/**
 * Refer a friend (registry name "referral"): the share link (site origin + /referrals/{address})
 * with a copy button, the referred-user count, lifetime and last epoch's rewards, and the
 * referred users. The figures are personal: they need the wallet's session (signing in once).
 */
export default function ReferralModal({ onClose }: RegistryModalProps) {
  const { address } = useConnection();
  const config = useConfig();
  const { chainId } = useAppChain();
  const { referralFeeShare } = usePublicConfig();
  const { push } = useModal();
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  // a client-only modal (registry: ssr false): the site's origin is the page's
  const [origin] = useState(() => window.location.origin);
  const link = address ? referralLink(origin, address) : "";
  const summary = useQuery({
    queryKey: queryKeys.referrals(chainId, address ?? "", 1),
    queryFn: async () => (await import("./api")).fetchReferralYields(chainId, address!, 1),
    enabled: Boolean(address),
    retry: (count, error) => !(error instanceof ApiError && error.statusCode < 500) && count < 2,
  });
  const needsSession =
    summary.error instanceof ApiError && [401, 403].includes(summary.error.statusCode);

  async function signIn() {
    if (!address) return;
    const { withWalletSession } = await import("@/features/auth/withWalletSession");
    const ok = await withWalletSession(
      { config, address, chainId },
      { declined: referral.detected.unable, error: copy.signInError },
    );
    if (ok)
      await queryClient.invalidateQueries({ queryKey: queryKeys.referrals(chainId, address, 1) });
  }

  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="space-y-5 text-sm text-slate-700" data-testid="referral">
        <p>
          {fill(copy.intro, {
            share: formatPercent(
              referralFeeShare,
              Number.isInteger(referralFeeShare * 100) ? 0 : 2,
            ),
          })}
        </p>
        <div>
          <label htmlFor="referral-link" className="block font-medium text-slate-800">
            {copy.link}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="referral-link"
              data-testid="referral-link"
              readOnly
              value={link}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
            />
            <button
              type="button"
              className={secondaryButton}
              onClick={async () => {
                await navigator.clipboard?.writeText(link).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? copy.copied : copy.copy}
            </button>
          </div>
          <p role="status" className="sr-only">
            {copied ? copy.copied : ""}
          </p>
        </div>
        {needsSession ? (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p>{copy.signInText}</p>
            <button type="button" className={`mt-3 ${primaryButton}`} onClick={() => void signIn()}>
              {copy.signIn}
            </button>
          </div>
        ) : summary.isError ? (
          <p role="alert" className="text-red-800">
            {copy.error}
          </p>
        ) : !summary.data ? (
          <div aria-busy="true">
            <span className="sr-only">{copy.loading}</span>
            <Skeleton className="block h-16 w-full" />
          </div>
        ) : (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="referral-summary">
            <Figure name={copy.referredUsers} testId="referral-count">
              {summary.data.totalUserRefferalsCount}
            </Figure>
            <Figure name={copy.lifetime} testId="referral-lifetime">
              {fill(copy.usdc, { amount: formatUsdc(summary.data.lifetimeRefferalYield) })}
            </Figure>
            <Figure name={copy.lastEpoch} testId="referral-last-epoch">
              {fill(copy.usdc, { amount: formatUsdc(summary.data.latestEpochReferralYield) })}
            </Figure>
          </dl>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className={secondaryButton}
            disabled={!summary.data}
            onClick={() => push("referredUsers")}
          >
            {copy.viewUsers}
          </button>
          <button type="button" className={primaryButton} onClick={onClose}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
