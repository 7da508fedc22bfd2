"use client";

import type { Pool } from "@lending/sdk";
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useConnection } from "@/lib/stack";
import { LEND_BUTTON_CLASS } from "./lendButtonClass";

type TrancheLendModule = { default: typeof import("./TrancheLend").TrancheLend };

/**
 * The connected lender's button (KYC gate, this lender's room this epoch), loaded when needed:
 * one load for every button of the page, forgotten when it fails so that the next try loads again.
 * Once loaded it is handed over at once (a thenable that answers synchronously), so a button
 * mounted later renders it without a frame of the placeholder.
 */
let loaded: TrancheLendModule | undefined;
let loading: Promise<TrancheLendModule> | undefined;
const importTrancheLend = (): Promise<TrancheLendModule> =>
  (loading ??= import("./TrancheLend").then(
    (m) => (loaded = { default: m.TrancheLend }),
    (error: unknown) => {
      loading = undefined;
      throw new CodeNotLoadedError(error);
    },
  ));
/** What a lazy component loads: the code, or at once the code loaded already. */
const loadTrancheLend = (): Promise<TrancheLendModule> => {
  const module = loaded;
  if (!module) return importTrancheLend();
  return { then: (resolve: (m: TrancheLendModule) => void) => resolve(module) } as never;
};

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
 * The boundary starts over (no error) when the count of tries it is given changes.
 */
class LoadFailed extends Component<
  { tries: number; fallback: ReactNode; children: ReactNode },
  { error: unknown; tries: number }
> {
  override state: { error: unknown; tries: number } = { error: undefined, tries: this.props.tries };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { tries: number }, state: { tries: number }) {
    return props.tries === state.tries ? null : { error: undefined, tries: props.tries };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof CodeNotLoadedError)) throw error;
    return this.props.fallback;
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
  // the tries at loading the connected lender's button (each press after a failed load is one),
  // each with a lazy component of its own: React keeps a failed lazy component's error
  const [attempt, setAttempt] = useState(() => ({ tries: 0, TrancheLend: lazy(loadTrancheLend) }));
  const retry = () =>
    setAttempt(({ tries }) => ({ tries: tries + 1, TrancheLend: lazy(loadTrancheLend) }));
  const { TrancheLend } = attempt;
  // a wallet connecting (or a remembered one reconnecting): its button's code comes meanwhile
  useEffect(() => {
    if (status !== "disconnected") importTrancheLend().catch(() => {}); // the button retries
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
    <LoadFailed tries={attempt.tries} fallback={button(retry)}>
      <Suspense fallback={button()}>
        <TrancheLend pool={pool} trancheId={trancheId} />
      </Suspense>
    </LoadFailed>
  );
}
