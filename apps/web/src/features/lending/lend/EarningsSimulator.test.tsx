import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatUsdc, simulateEarnings } from "@lending/sdk";
import { EarningsSimulator } from "./EarningsSimulator";

const push = vi.fn();
const P = 1_000_000_000n;
vi.mock("@/components/modal/modalContext", () => ({ useModal: () => ({ push }) }));
vi.mock("@/providers/PublicConfigContext", () => ({
  usePublicConfig: () => ({ productSymbol: "KSU" }),
}));

const simulator = (props: Partial<Parameters<typeof EarningsSimulator>[0]> = {}) =>
  render(
    <EarningsSimulator
      principal={P}
      grossApy={0.12}
      level={1}
      days={365}
      onDays={() => {}}
      onDisabledClick={() => {}}
      {...props}
    />,
  );

describe("EarningsSimulator", () => {
  it("opens the loyalty levels over the lend modal", () => {
    render(
      <EarningsSimulator
        principal={1_000_000_000n}
        grossApy={0.12}
        level={1}
        days={365}
        onDays={() => {}}
        onDisabledClick={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "How loyalty levels work" }));
    expect(push).toHaveBeenCalledWith("loyaltyLevels");
  });

  it("keeps the KSU bonus apart from the USDC total", () => {
    simulator();
    // 1,000 USDC at 12% gross for 365 days, level 1 (a bonus worth 1 USDC, paid in KSU)
    const r = simulateEarnings({ principal: P, grossApy: 0.12, days: 365, level: 1 });
    expect(r.loyaltyBonus).toBe(1_000_000n);
    expect(screen.getByTestId("simulator-total").textContent).toBe(
      `${formatUsdc(P + r.netInterest)} USDC`,
    );
    expect(screen.getByTestId("simulator-bonus").textContent).toBe(
      `≈ ${formatUsdc(r.loyaltyBonus)} USDC in KSU`,
    );
    expect(screen.getByText("Loyalty bonus, paid in KSU")).toBeTruthy();
  });

  it("stops a fixed APY at its term: 26 weeks are 182 days, not 365", () => {
    simulator({ fixedTermEpochs: 26n });
    const slider = screen.getByTestId("simulator-slider");
    expect(slider.getAttribute("max")).toBe("182");
    expect(screen.getByTestId("simulator-days").textContent).toBe("182");
    expect(screen.getByTestId("simulator-term").textContent).toBe(
      "Fixed 12.00% for about 26 weeks: the simulation ends with the term (182 days).",
    );
    // the interest and the bonus of 182 days
    const r = simulateEarnings({ principal: P, grossApy: 0.12, days: 182, level: 1 });
    expect(screen.getByTestId("simulator-total").textContent).toBe(
      `${formatUsdc(P + r.netInterest)} USDC`,
    );
    expect(screen.getByTestId("simulator-bonus").textContent).toBe(
      `≈ ${formatUsdc(r.loyaltyBonus)} USDC in KSU`,
    );
  });
});
