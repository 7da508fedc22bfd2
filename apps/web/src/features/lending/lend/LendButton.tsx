"use client";

import { fill, pools } from "@lending/sdk";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/ModalProvider";
import { useKycGate } from "@/features/kyc/useKycGate";
import { setLendTarget } from "./lendTarget";

export const OVERSUBSCRIBED_TOOLTIP = pools.oversubscribedTooltip;

/** Opens the lend modal for a tranche (the connect modal first when no wallet is connected). */
export function LendButton({
  poolId,
  trancheId,
  trancheName,
  oversubscribed,
}: {
  poolId: bigint;
  trancheId: bigint;
  trancheName: string;
  oversubscribed: boolean;
}) {
  const { open } = useModal();
  // KYC first when it is not completed; the KYC modal reopens the lend modal.
  const gate = useKycGate();
  const tooltipId = `oversubscribed-${poolId}-${trancheId}`;
  if (oversubscribed) {
    return (
      <span className="inline-flex items-center gap-2" title={OVERSUBSCRIBED_TOOLTIP}>
        <button
          type="button"
          disabled
          aria-describedby={tooltipId}
          className="rounded-lg bg-slate-200 px-3 py-1.5 text-sm font-semibold text-slate-600"
        >
          {pools.oversubscribed}
        </button>
        <span id={tooltipId} role="tooltip" className="sr-only">
          {OVERSUBSCRIBED_TOOLTIP}
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
