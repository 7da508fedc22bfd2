"use client";

import { fill, pools } from "@lending/sdk";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/modalContext";
import { useKycGate } from "@/features/kyc/useKycGate";
import { setLendTarget } from "./lendTarget";

export const OVERSUBSCRIBED_TOOLTIP = pools.oversubscribedTooltip;

/**
 * Opens the lend modal for a tranche (the connect modal first when no wallet is connected).
 * Oversubscribed (the spec's label) is disabled, with its reason as visible text beside it (a
 * tooltip is not reachable on touch): the tranche takes no deposits, or only this lender's
 * maximum for the epoch is used up (`fullReason`, from the SDK's `trancheFullText`). A tranche
 * closed after a loss shows Closed the same way, with why.
 */
export function LendButton({
  poolId,
  trancheId,
  trancheName,
  oversubscribed,
  fullReason,
  closed = false,
}: {
  poolId: bigint;
  trancheId: bigint;
  trancheName: string;
  oversubscribed: boolean;
  /** why it is Oversubscribed to this lender; the spec's tooltip by default */
  fullReason?: string | null;
  /** closed to deposits after a loss wiped it (`TrancheView.closed`) */
  closed?: boolean;
}) {
  const { open } = useModal();
  // KYC first when it is not completed; the KYC modal reopens the lend modal.
  const gate = useKycGate();
  const tooltipId = `${closed ? "closed" : "oversubscribed"}-${poolId}-${trancheId}`;
  if (closed || oversubscribed) {
    const reason = closed ? pools.closedTooltip : (fullReason ?? OVERSUBSCRIBED_TOOLTIP);
    return (
      <span className="inline-flex flex-wrap items-center gap-2" title={reason}>
        <button
          type="button"
          disabled
          aria-describedby={tooltipId}
          className="rounded-lg bg-slate-200 px-3 py-1.5 text-sm font-semibold text-slate-600"
        >
          {closed ? pools.closed : pools.oversubscribed}
        </button>
        <span
          id={tooltipId}
          className="max-w-60 text-xs text-slate-600"
          data-testid="tranche-full-reason"
        >
          {reason}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      data-testid="lend-button"
      aria-label={fill(pools.lendInto, { tranche: trancheName })}
      onMouseEnter={() => preloadModal("lend")}
      onFocus={() => preloadModal("lend")}
      disabled={gate.checking}
      onClick={() => {
        setLendTarget({ poolId, trancheId });
        void gate.run(() => open("lend"));
      }}
      className="rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60 max-sm:w-full"
    >
      {pools.lend}
    </button>
  );
}
