import { describe, expect, it } from "vitest";
import {
  canContinueToReview,
  initialLendFlow,
  lendFlowReducer,
  needsApproval,
  type LendFlowEvent,
  type LendFlowState,
} from "./lend-flow";

type S = LendFlowState<string, string>;
type E = LendFlowEvent<string, string>;
const run = (events: E[], from: S = initialLendFlow()) => events.reduce(lendFlowReducer, from);

describe("lend flow steps", () => {
  it("starts at step 1 with nothing generated", () => {
    expect(initialLendFlow()).toEqual({ step: 1, contract: null, acceptance: null, txHash: null });
  });

  it("goes 1 -> 2 -> generated -> accepted -> 3 with the transaction", () => {
    const s = run([
      { type: "next" },
      { type: "generated", contract: "c1" },
      { type: "accepted", acceptance: "a1" },
      { type: "done", txHash: "0xabc" },
    ]);
    expect(s).toEqual({ step: 3, contract: "c1", acceptance: "a1", txHash: "0xabc" });
  });

  it("Adjust returns to step 1 and resets the contract and its acceptance", () => {
    const s = run([
      { type: "next" },
      { type: "generated", contract: "c1" },
      { type: "accepted", acceptance: "a1" },
      { type: "adjust" },
    ]);
    expect(s).toEqual({ step: 1, contract: null, acceptance: null, txHash: null });
    // back at step 2 the old contract is gone
    expect(run([{ type: "next" }], s).contract).toBeNull();
  });

  it("expiry clears the contract and the acceptance but stays on step 2", () => {
    const s = run([
      { type: "next" },
      { type: "generated", contract: "c1" },
      { type: "accepted", acceptance: "a1" },
      { type: "expired" },
    ]);
    expect(s).toEqual({ step: 2, contract: null, acceptance: null, txHash: null });
  });

  it("a new contract replaces the old one and needs a new acceptance", () => {
    const s = run([
      { type: "next" },
      { type: "generated", contract: "c1" },
      { type: "accepted", acceptance: "a1" },
      { type: "generated", contract: "c2" },
    ]);
    expect(s).toMatchObject({ contract: "c2", acceptance: null });
  });

  it("ignores events that do not apply: no skipping a step, no deposit without acceptance", () => {
    const start = initialLendFlow<string, string>();
    for (const e of [
      { type: "generated", contract: "c" },
      { type: "accepted", acceptance: "a" },
      { type: "expired" },
      { type: "adjust" },
      { type: "done", txHash: "0x1" },
    ] as E[]) {
      expect(lendFlowReducer(start, e)).toBe(start);
    }
    const review = run([{ type: "next" }]);
    expect(lendFlowReducer(review, { type: "accepted", acceptance: "a" })).toBe(review);
    expect(lendFlowReducer(review, { type: "done", txHash: "0x1" })).toBe(review);
    const generated = run([{ type: "generated", contract: "c" }], review);
    expect(lendFlowReducer(generated, { type: "done", txHash: "0x1" })).toBe(generated);
    expect(lendFlowReducer(review, { type: "next" })).toBe(review);
    const done = run(
      [
        { type: "accepted", acceptance: "a" },
        { type: "done", txHash: "0x1" },
      ],
      generated,
    );
    expect(lendFlowReducer(done, { type: "adjust" })).toBe(done);
    expect(lendFlowReducer(done, { type: "expired" })).toBe(done);
  });
});

describe("conditions to reach step 2", () => {
  const ok = {
    amount: 1n,
    amountUsdc: 1n,
    amountValid: true,
    apyChosen: true,
    termsAccepted: true,
    oversubscribed: false,
  };
  it("needs all of them", () => {
    expect(canContinueToReview(ok)).toBe(true);
    expect(canContinueToReview({ ...ok, amount: 0n })).toBe(false);
    expect(canContinueToReview({ ...ok, amountUsdc: 0n })).toBe(false);
    expect(canContinueToReview({ ...ok, amountValid: false })).toBe(false);
    expect(canContinueToReview({ ...ok, apyChosen: false })).toBe(false);
    expect(canContinueToReview({ ...ok, termsAccepted: false })).toBe(false);
    expect(canContinueToReview({ ...ok, oversubscribed: true })).toBe(false);
  });
});

describe("approve before act", () => {
  it("an allowance below the amount, or not loaded yet, needs an approval; equal is enough", () => {
    expect(needsApproval(5n, 5n)).toBe(false);
    expect(needsApproval(4n, 5n)).toBe(true);
    expect(needsApproval(undefined, 5n)).toBe(true);
  });
});
