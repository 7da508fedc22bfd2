/**
 * Issue 27 item 2, the console's Settings: the pool manager closes a tranche to new deposits at
 * will, after a confirmation saying what lenders will see, and reopens a closed one. Each is one
 * call from the operator's wallet (audited with the reason by useOperatorTx).
 */
import { manage, type Pool } from "@lending/sdk";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SettingsPanel } from "./SettingsPanel";

const sent = vi.hoisted(
  () => [] as { call: { functionName: string; args: readonly unknown[] }; reason: string }[],
);
const pools = vi.hoisted(() => ({ data: [] as unknown[] }));
vi.mock("./useOperatorTx", () => ({
  useOperatorTx: () => ({
    run: async (
      call: { functionName: string; args: readonly unknown[] },
      _label: string,
      reason: string,
    ) => {
      sent.push({ call, reason });
      return { hash: `0x${"1".repeat(64)}` };
    },
  }),
}));
vi.mock("@/lib/queries/hooks", () => ({
  useAppChain: () => ({ chainId: 31337, client: undefined }),
  usePools: () => pools,
}));

function pool(closed: boolean): Pool {
  return {
    id: 0n,
    poolName: "Invoice pool",
    tranches: [
      {
        id: 0n,
        name: "Junior",
        closed,
        apy: 0.12,
        minimumDeposit: 10_000_000n,
        maximumDeposit: 5_000_000_000n,
        capacity: 100_000_000_000n,
        fixedTermConfig: [],
      },
    ],
  } as unknown as Pool;
}

function renderPanel(closed: boolean) {
  pools.data = [pool(closed)];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsPanel />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sent.length = 0;
});

describe("the console's Close tranche action", () => {
  it("asks for confirmation saying what lenders will see; keeping it open sends nothing", () => {
    renderPanel(false);
    expect(screen.getByText(manage.trancheOpen)).toBeTruthy();
    expect(screen.queryByText(manage.closeConfirm)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: manage.closeTranche }));
    const confirm = screen.getByTestId("settings-close-confirm").textContent ?? "";
    expect(confirm).toContain("new deposits and fixed-term locks are refused");
    expect(confirm).toContain("Existing positions, interest and withdrawals are unaffected");
    fireEvent.click(screen.getByRole("button", { name: manage.closeCancel }));
    expect(screen.queryByText(manage.closeConfirm)).toBeNull();
    expect(sent).toEqual([]);
  });

  it("sends closeTranche for the chosen tranche with the reason once confirmed", async () => {
    renderPanel(false);
    fireEvent.change(screen.getByLabelText(manage.reason), {
      target: { value: "Originator wind-down" },
    });
    fireEvent.click(screen.getByRole("button", { name: manage.closeTranche }));
    fireEvent.click(screen.getByRole("button", { name: manage.closeConfirmSubmit }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      call: { functionName: "closeTranche", args: [0n, 0n] },
      reason: "Originator wind-down",
    });
    await waitFor(() => expect(screen.queryByText(manage.closeConfirm)).toBeNull());
  });

  it("a closed tranche offers Reopen instead, which sends reopenTranche", async () => {
    renderPanel(true);
    expect(screen.getByText(manage.closedTitle)).toBeTruthy();
    expect(screen.queryByRole("button", { name: manage.closeTranche })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: manage.reopen }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.call).toEqual({ functionName: "reopenTranche", args: [0n, 0n] });
  });
});
