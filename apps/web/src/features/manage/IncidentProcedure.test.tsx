/**
 * The console's incident procedure: the loss reason the operator types is public (GET
 * /api/pool-notices and /api/lender-losses return it to anyone), so the field says so.
 */
import { manage } from "@lending/sdk";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PoolHealth } from "./api";
import { IncidentProcedure } from "./IncidentProcedure";

vi.mock("./useOperatorTx", () => ({
  useOperatorTx: () => ({ run: async () => null }),
}));

const pool: PoolHealth = {
  poolId: "0",
  name: "Invoice pool",
  currentEpoch: "3",
  nextEpochToClear: "3",
  epochsDue: 0,
  overdue: false,
  incidentOpen: true,
  idleLiquidity: "0",
  drawnPrincipal: "1000000000",
  interestReserve: "0",
  tranches: [{ id: "0", name: "Junior", value: "1000000000" }],
  lastRunAt: null,
  lastAction: null,
  lastError: null,
  lastErrorAt: null,
  stale: false,
};

describe("the console's loss reason field", () => {
  it("tells the operator that lenders and visitors will read the reason", () => {
    render(<IncidentProcedure pools={[pool]} />);
    const field = screen.getByLabelText(manage.lossReason);
    const hint = screen.getByText(manage.lossReasonHint);
    expect(hint.textContent).toContain("lenders and visitors read it");
    // announced with the field by screen readers, not only shown near it
    expect(field.getAttribute("aria-describedby")).toBe(hint.id);
  });
});
