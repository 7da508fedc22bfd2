/**
 * Issue 27: the pool manager's reason recorded with a loss report is what the lender reads in
 * the loss notice under the position and on the pool's card; without one, the notice says only
 * that the pool manager reported a loss.
 */
import type { HistoryLoss, PoolNotice as Notice } from "@lending/sdk";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lenderLoss, poolLoss } from "./fixture";
import { PoolNotice } from "./PoolNotice";
import { PositionLossNotice } from "./PositionLossNotice";

const USER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const HASH = `0x${"ab".repeat(32)}`;
const REASON = "Harbour Freight Ltd missed its second instalment; recovery is unlikely.";

const data = vi.hoisted(() => ({
  losses: [] as HistoryLoss[],
  notices: new Map<string, Notice>(),
}));
vi.mock("./queries", () => ({
  useLenderLosses: () => data.losses,
  usePoolNotices: () => data.notices,
}));
// a connected lender (the page's connection hook, lib/stack, answers for the wallet stack)
vi.mock("@/lib/stack", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/stack")>()),
  useConnection: () => ({ address: USER, status: "connected" }),
}));
vi.mock("@/lib/tx/explorer", () => ({ useExplorerUrl: () => "https://explorer.example" }));

const lossWith = (reason?: string | null) => poolLoss({ hash: HASH, reason });
const lenderLossWith = (reason?: string | null) => lenderLoss(USER, lossWith(reason));

afterEach(() => {
  data.losses = [];
  data.notices = new Map();
});

describe("the loss notices show the pool manager's reason", () => {
  it("under the lender's position: the reason recorded with the report", () => {
    data.losses = [lenderLossWith(REASON)];
    render(<PositionLossNotice poolId={1n} trancheId={0n} />);
    expect(screen.getByTestId("position-loss-reason").textContent).toBe(
      `The pool manager's reason: ${REASON}`,
    );
    expect(screen.queryByText("Reason: a loss reported by the pool manager.")).toBeNull();
  });

  it("under the lender's position, without a recorded reason: the general one", () => {
    data.losses = [lenderLossWith(null)];
    render(<PositionLossNotice poolId={1n} trancheId={0n} />);
    expect(screen.queryByTestId("position-loss-reason")).toBeNull();
    expect(screen.getByText("Reason: a loss reported by the pool manager.")).toBeTruthy();
  });

  it("on the pool's card, for every visitor", () => {
    data.notices = new Map([
      [
        "1",
        {
          poolId: "1",
          poolName: "Cash pool",
          openIncident: null,
          latestLoss: lossWith(REASON),
          lossCount: 1,
        },
      ],
    ]);
    const { unmount } = render(<PoolNotice poolId={1n} />);
    expect(screen.getByTestId("pool-notice-reason").textContent).toBe(
      `The pool manager's reason: ${REASON}`,
    );
    unmount();
    data.notices.set("1", { ...data.notices.get("1")!, latestLoss: lossWith(undefined) });
    render(<PoolNotice poolId={1n} />);
    expect(screen.queryByTestId("pool-notice-reason")).toBeNull();
  });
});
