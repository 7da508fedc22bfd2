"use client";

import { fill, repaymentsButton as copy } from "@lending/sdk";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useFeature } from "@/features/flags/useFeature";
import { REPAYMENTS_BUTTON_CLASS } from "./repaymentsButtonClass";

/** Opens the pool's historical repayments (portfolio pool section; the pool cards: PoolRepaymentsButton). */
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
      className={REPAYMENTS_BUTTON_CLASS}
      data-testid="historical-repayments-open"
    >
      {copy.label}
    </button>
  );
}
