import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EarningsSimulator } from "./EarningsSimulator";

const push = vi.fn();
vi.mock("@/components/modal/ModalProvider", () => ({ useModal: () => ({ push }) }));

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
});
