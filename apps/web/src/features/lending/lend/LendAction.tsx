"use client";

import type { Pool } from "@lending/sdk";
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useConnection } from "@/lib/stack";
import { LEND_BUTTON_CLASS } from "./lendButtonClass";

/** The connected lender's button (KYC gate, this lender's room this epoch), loaded when needed. */
let loading: Promise<{ default: typeof import("./TrancheLend").TrancheLend }> | undefined;
const loadTrancheLend = () =>
  (loading ??= import("./TrancheLend").then(
    (m) => ({ default: m.TrancheLend }),
    (error: unknown) => {
      // a failed load (the connection dropped) is tried again by the next render: a fresh lazy
      // component (React keeps a failed one's error), made once for every button of the page
      loading = undefined;
      TrancheLend = lazy(loadTrancheLend);
      throw new CodeNotLoadedError(error);
    },
  ));
let TrancheLend = lazy(loadTrancheLend);

/** The button's code did not load; any other error is not this boundary's to catch. */
class CodeNotLoadedError extends Error {
  override name = "CodeNotLoadedError";
  constructor(cause: unknown) {
    super("the lend button's code did not load", { cause });
  }
}

/**
 * The button's code did not load (a dropped connection): the lender sees the button, not a broken
 * page, and pressing it loads the code again. Another error (a bug in the button) goes on to the
 * app's error page, as before: a button that fails the same way on every press would hide it.
 */
class LoadFailed extends Component<
  { fallback: (retry: () => void) => ReactNode; children: ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof CodeNotLoadedError)) throw error;
    return this.props.fallback(() => this.setState({ error: undefined }));
  }
}

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
  const [, rerender] = useState(0);
  // a wallet connecting (or a remembered one reconnecting): its button's code comes meanwhile
  useEffect(() => {
    if (status !== "disconnected") loadTrancheLend().catch(() => {}); // the button retries
  }, [status]);
  const connected = status === "connected";
  // the visitor's button; the connected lender's placeholder (disabled) while theirs loads, and
  // the button that loads it again when that failed
  const button = (onRetry?: () => void) => (
    <button
      type="button"
      data-testid="lend-button"
      aria-label={ariaLabel}
      disabled={connected && !onRetry}
      onMouseEnter={() => preloadModal("connectWallet")}
      onFocus={() => preloadModal("connectWallet")}
      onClick={onRetry ?? (() => open("connectWallet"))}
      className={LEND_BUTTON_CLASS}
    >
      {label}
    </button>
  );
  if (!connected) return button();
  return (
    <LoadFailed
      fallback={(retry) =>
        button(() => {
          retry();
          rerender((n) => n + 1); // the new lazy component in this render's children
        })
      }
    >
      <Suspense fallback={button()}>
        <TrancheLend pool={pool} trancheId={trancheId} />
      </Suspense>
    </LoadFailed>
  );
}
