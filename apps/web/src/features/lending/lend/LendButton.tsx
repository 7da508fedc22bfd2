"use client";

import { fill, pools, tx } from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConnection } from "wagmi";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/ModalProvider";
import { showToast } from "@/components/toast/toast";
import { setKycCallback } from "@/features/kyc/kycCallback";
import { kycQueryOptions } from "@/lib/queries/server";
import { isKycCompleted } from "@/server/services/kyc/types";
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
  const { status, address } = useConnection();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
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
      disabled={checking}
      onClick={async () => {
        if (status !== "connected" || !address) {
          open("connectWallet");
          return;
        }
        setLendTarget({ poolId, trancheId });
        // KYC first when it is not completed; the KYC modal reopens the lend modal.
        setChecking(true);
        try {
          const info = await queryClient.fetchQuery(kycQueryOptions(address));
          if (isKycCompleted(info.status)) {
            open("lend");
          } else {
            setKycCallback(() => open("lend"));
            open("kyc");
          }
        } catch (error) {
          void showToast({
            type: "error",
            title: pools.kycStatusUnavailable,
            message: error instanceof Error ? error.message : tx.unexpectedError,
          });
        } finally {
          setChecking(false);
        }
      }}
      className="rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60 max-sm:w-full"
    >
      {pools.lend}
    </button>
  );
}
