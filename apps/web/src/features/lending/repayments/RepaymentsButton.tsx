"use client";

import { fill, repaymentsButton as copy } from "@lending/sdk";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useFeature } from "@/features/flags/useFeature";

/** Opens the pool's historical repayments (lending pool card, portfolio pool section). */
export function RepaymentsButton({ poolId, poolName }: { poolId: bigint; poolName: string }) {
  const { open } = useModal();
  const feature = useFeature("historicalRepayments");
  return (
    <button
      type="button"
      onMouseEnter={() => preloadModal("historicalRepayments")}
      onFocus={() => preloadModal("historicalRepayments")}
      onClick={() => feature(() => open("historicalRepayments", { poolId, poolName }))}
      aria-label={fill(copy.labelOf, { pool: poolName })}
      className="shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      data-testid="historical-repayments-open"
    >
      {copy.label}
    </button>
  );
}
