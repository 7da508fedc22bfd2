"use client";

import { fill, pools } from "@lending/sdk";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/ModalProvider";
import { useKycGate } from "@/features/kyc/useKycGate";
import { setLendTarget } from "./lendTarget";

export const OVERSUBSCRIBED_TOOLTIP = pools.oversubscribedTooltip;

/**
 * Opens the lend modal for a tranche (the connect modal first when no wallet is connected). A
 * tranche closed after a loss, or with no room left to the user this epoch, shows a disabled
 * button that says why.
 */
export function LendButton({
  poolId,
  trancheId,
  trancheName,
  oversubscribed,
  closed = false,
}: {
  poolId: bigint;
  trancheId: bigint;
  trancheName: string;
  oversubscribed: boolean;
  closed?: boolean;
}) {
  const { open } = useModal();
  // KYC first when it is not completed; the KYC modal reopens the lend modal.
  const gate = useKycGate();
  if (closed || oversubscribed) {
    const tooltipId = `${closed ? "closed" : "oversubscribed"}-${poolId}-${trancheId}`;
    const tooltip = closed ? pools.closedTooltip : OVERSUBSCRIBED_TOOLTIP;
    return (
      <span className="inline-flex items-center gap-2" title={tooltip}>
        <button
          type="button"
          disabled
          data-testid={closed ? "tranche-closed" : undefined}
          aria-describedby={tooltipId}
          className="rounded-lg bg-slate-200 px-3 py-1.5 text-sm font-semibold text-slate-600"
        >
          {closed ? pools.closed : pools.oversubscribed}
        </button>
        <span id={tooltipId} role="tooltip" className="sr-only">
          {tooltip}
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
