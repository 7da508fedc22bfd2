"use client";

import type { Pool } from "@lending/sdk";
import { lazy, Suspense, useEffect } from "react";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useConnection } from "@/lib/stack";
import { LEND_BUTTON_CLASS } from "./lendButtonClass";

/** The connected lender's button (KYC gate, this lender's room this epoch), loaded when needed. */
let loading: Promise<{ default: typeof import("./TrancheLend").TrancheLend }> | undefined;
const loadTrancheLend = () =>
  (loading ??= import("./TrancheLend").then((m) => ({ default: m.TrancheLend })));
const TrancheLend = lazy(loadTrancheLend);

/**
 * Lend for a tranche that takes deposits (issue 26). A visitor's page carries only this button:
 * Lend opens the connect modal, as the full button does with no wallet. Once a wallet is
 * connected (a remembered one reconnects when the page loads) the full button takes its place:
 * its code (the KYC gate, the lend form's read of this lender's deposits this epoch) loads while
 * the wallet connects, and the button waits, disabled, until it is in. The copy comes from the
 * server.
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
  // a wallet connecting (or a remembered one reconnecting): its button's code comes meanwhile
  useEffect(() => {
    if (status !== "disconnected") void loadTrancheLend();
  }, [status]);
  const connected = status === "connected";
  // the visitor's button, and the connected lender's placeholder (disabled) while theirs loads
  const button = (
    <button
      type="button"
      data-testid="lend-button"
      aria-label={ariaLabel}
      disabled={connected}
      onMouseEnter={() => preloadModal("connectWallet")}
      onFocus={() => preloadModal("connectWallet")}
      onClick={() => open("connectWallet")}
      className={LEND_BUTTON_CLASS}
    >
      {label}
    </button>
  );
  if (!connected) return button;
  return (
    <Suspense fallback={button}>
      <TrancheLend pool={pool} trancheId={trancheId} />
    </Suspense>
  );
}
