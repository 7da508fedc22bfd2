import type { PortfolioPosition } from "@lending/sdk";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { WithdrawStep1, type Validation, type WithdrawState } from "./WithdrawModal";

const USDC = 1_000_000n;

function position(over: Partial<PortfolioPosition>): PortfolioPosition {
  return {
    poolId: 0n,
    poolName: "Alpha Pool",
    trancheId: 0n,
    trancheName: "Junior",
    multiTranche: true,
    deposited: 100n * USDC,
    withdrawn: 0n,
    principalWithdrawn: 0n,
    interestWithdrawn: 0n,
    principalLost: 0n,
    losses: 0n,
    totalInvested: 100n * USDC,
    balance: 101_500_000n,
    availableToWithdraw: 101_500_000n,
    pendingDeposits: 0n,
    pendingWithdrawals: 0n,
    lockedInFixedTerm: 0n,
    interestEarned: 1_500_000n,
    variableApy: 0.1,
    fixedApys: [],
    ...over,
  };
}

const positions = [
  position({}),
  position({
    trancheId: 1n,
    trancheName: "Senior",
    balance: 50n * USDC,
    availableToWithdraw: 20n * USDC,
  }),
];

/** Step 1 with the modal's state around it; `steps` records what Next asked for. */
function Harness({ steps }: { steps: number[] }) {
  const [state, setState] = useState<WithdrawState>({
    step: 1,
    amount: "",
    trancheId: 0n,
    txHash: null,
  });
  const [validation, setValidation] = useState<Validation>({ status: "default", message: null });
  return (
    <WithdrawStep1
      poolName="Alpha Pool"
      totalInvested={150n * USDC}
      positions={positions}
      position={positions.find((p) => p.trancheId === state.trancheId)!}
      state={state}
      validation={validation}
      setValidation={setValidation}
      setState={(update) =>
        setState((s) => {
          const next = update(s);
          if (next.step !== s.step) steps.push(next.step);
          return next;
        })
      }
    />
  );
}

function setup() {
  const steps: number[] = [];
  render(<Harness steps={steps} />);
  const amount = screen.getByTestId("withdraw-amount") as HTMLInputElement;
  const message = screen.getByTestId("withdraw-amount-message");
  const next = screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
  return { steps, amount, message, next };
}

describe("Withdraw step 1", () => {
  it("shows pool name, total invested, tranche balance and available, in USDC with 2 decimals", () => {
    setup();
    expect(screen.getByTestId("withdraw-pool").textContent).toBe("Alpha Pool");
    expect(screen.getByTestId("withdraw-total-invested").textContent).toBe("150.00 USDC");
    expect(screen.getByTestId("withdraw-balance").textContent).toBe("101.50 USDC");
    expect(screen.getByTestId("withdraw-available").textContent).toBe("101.50 USDC");
  });

  it("validates on change: 'Amount is required' for zero, 'Insufficient Balance' above available", () => {
    const { amount, message, next } = setup();
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: "0" } });
    expect(message.textContent).toBe("Amount is required");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(amount, { target: { value: "101.51" } });
    expect(message.textContent).toBe("Insufficient Balance");
    fireEvent.change(amount, { target: { value: "101.5" } });
    expect(message.textContent).toBe("");
    // Next stays disabled while the input is focused
    expect(next.disabled).toBe(true);
    fireEvent.blur(amount);
    expect(next.disabled).toBe(false);
  });

  it("validates on blur: an empty field left is 'Amount is required'", () => {
    const { amount, message, next } = setup();
    fireEvent.focus(amount);
    expect(message.textContent).toBe("");
    fireEvent.blur(amount);
    expect(message.textContent).toBe("Amount is required");
    expect(next.disabled).toBe(true);
  });

  it("rejects input that is not a USDC amount (letters, 7 decimals)", () => {
    const { amount } = setup();
    fireEvent.change(amount, { target: { value: "12.5" } });
    fireEvent.change(amount, { target: { value: "12.5x" } });
    fireEvent.change(amount, { target: { value: "12.1234567" } });
    expect(amount.value).toBe("12.5");
  });

  it("Max fills the full available amount and validates it; Next goes to the review", () => {
    const { amount, message, next, steps } = setup();
    fireEvent.change(amount, { target: { value: "500" } });
    expect(message.textContent).toBe("Insufficient Balance");
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(amount.value).toBe("101.5");
    expect(message.textContent).toBe("");
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(steps).toEqual([2]);
  });

  it("choosing another tranche clears the amount and shows that tranche's figures", () => {
    const { amount, message } = setup();
    fireEvent.change(amount, { target: { value: "0" } });
    expect(message.textContent).toBe("Amount is required");
    fireEvent.change(screen.getByTestId("withdraw-tranche"), { target: { value: "1" } });
    expect(amount.value).toBe("");
    expect(message.textContent).toBe("");
    expect(screen.getByTestId("withdraw-balance").textContent).toBe("50.00 USDC");
    expect(screen.getByTestId("withdraw-available").textContent).toBe("20.00 USDC");
    fireEvent.change(amount, { target: { value: "20.01" } });
    expect(message.textContent).toBe("Insufficient Balance");
  });
});
