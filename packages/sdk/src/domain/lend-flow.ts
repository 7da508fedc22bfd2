/**
 * The lend modal's steps (spec section 2): 1 details, 2 review (loan contract, approve, confirm),
 * 3 completion. A pure reducer, so every transition is unit-tested and the UI only dispatches.
 */
export type LendStep = 1 | 2 | 3;

export interface LendFlowState<C, A> {
  step: LendStep;
  /** the generated loan contract (step 2) */
  contract: C | null;
  /** its signed acceptance (step 2, after the contract) */
  acceptance: A | null;
  /** the deposit transaction (step 3) */
  txHash: string | null;
}

export type LendFlowEvent<C, A> =
  /** step 1 -> 2: the form is complete ({@link canContinueToReview}) */
  | { type: "next" }
  /** step 2: a contract was generated (replaces any earlier one and its acceptance) */
  | { type: "generated"; contract: C }
  /** step 2: the contract was accepted */
  | { type: "accepted"; acceptance: A }
  /** step 2: the contract is older than LOAN_CONTRACT_VALIDITY_MS */
  | { type: "expired" }
  /** step 2 -> 1: Adjust resets the contract and its acceptance */
  | { type: "adjust" }
  /** step 2 -> 3: the deposit was sent under an accepted contract */
  | { type: "done"; txHash: string };

export function initialLendFlow<C, A>(): LendFlowState<C, A> {
  return { step: 1, contract: null, acceptance: null, txHash: null };
}

/**
 * The next state; an event that does not apply in the current state returns it unchanged (the
 * same object), e.g. "done" without an accepted contract or "accepted" without a contract.
 *
 * @example lendFlowReducer(initialLendFlow(), { type: "next" }).step // 2
 */
export function lendFlowReducer<C, A>(
  state: LendFlowState<C, A>,
  event: LendFlowEvent<C, A>,
): LendFlowState<C, A> {
  switch (event.type) {
    case "next":
      return state.step === 1 ? { ...state, step: 2, contract: null, acceptance: null } : state;
    case "generated":
      return state.step === 2 ? { ...state, contract: event.contract, acceptance: null } : state;
    case "accepted":
      return state.step === 2 && state.contract !== null
        ? { ...state, acceptance: event.acceptance }
        : state;
    case "expired":
      return state.step === 2 && state.contract !== null
        ? { ...state, contract: null, acceptance: null }
        : state;
    case "adjust":
      return state.step === 2 ? { ...state, step: 1, contract: null, acceptance: null } : state;
    case "done":
      return state.step === 2 && state.acceptance !== null
        ? { ...state, step: 3, txHash: event.txHash }
        : state;
  }
}

/**
 * The conditions to reach step 2: an amount with a USDC value, a valid amount (validation passed
 * for the current input), a variable or allowed fixed APY chosen, the acknowledgement ticked, and
 * a tranche that is not oversubscribed.
 */
export function canContinueToReview(args: {
  amount: bigint;
  amountUsdc: bigint;
  amountValid: boolean;
  apyChosen: boolean;
  termsAccepted: boolean;
  oversubscribed: boolean;
}): boolean {
  return (
    args.amount > 0n &&
    args.amountUsdc > 0n &&
    args.amountValid &&
    args.apyChosen &&
    args.termsAccepted &&
    !args.oversubscribed
  );
}

/** An allowance below the amount (or not loaded yet) needs an approval first. */
export function needsApproval(allowance: bigint | undefined, amount: bigint): boolean {
  return allowance === undefined || allowance < amount;
}
