"use client";

import type { Pool } from "@lending/sdk";
import { lazy, Suspense } from "react";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useConnection } from "@/lib/stack";
import { LEND_BUTTON_CLASS } from "./LendButtonView";

/** The connected lender's button (KYC gate, this lender's room this epoch), loaded when needed. */
const TrancheLend = lazy(() => import("./TrancheLend").then((m) => ({ default: m.TrancheLend })));

/**
 * Lend for a tranche that takes deposits (issue 26). A visitor's page carries only this button:
 * Lend opens the connect modal, as the full button does with no wallet. Once a wallet is
 * connected (a remembered one reconnects when the page loads) the full button takes its place:
 * its code (the KYC gate, the lend form's read of this lender's deposits this epoch) loads then,
 * and the button waits, disabled, meanwhile. The copy comes from the server.
 */
export function LendAction({
  pool,
  trancheId,
  label,
  ariaLabel,
}: {
  pool: Pool;
  trancheId: bigint;
  label: string;
  ariaLabel: string;
}) {
  const { status } = useConnection();
  const { open } = useModal();
  if (status === "connected") {
    return (
      <Suspense
        fallback={
          <button
            type="button"
            data-testid="lend-button"
            aria-label={ariaLabel}
            disabled
            className={LEND_BUTTON_CLASS}
          >
            {label}
          </button>
        }
      >
        <TrancheLend pool={pool} trancheId={trancheId} />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      data-testid="lend-button"
      aria-label={ariaLabel}
      onMouseEnter={() => preloadModal("connectWallet")}
      onFocus={() => preloadModal("connectWallet")}
      onClick={() => open("connectWallet")}
      className={LEND_BUTTON_CLASS}
    >
      {label}
    </button>
  );
}
