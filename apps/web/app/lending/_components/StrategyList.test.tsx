import type { Pool } from "@lending/sdk";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const readPools = vi.fn<() => Promise<Pool[]>>();
vi.mock("@lending/sdk", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@lending/sdk")>()),
  readPools: () => readPools(),
  getDeployment: () => ({}),
}));
vi.mock("next/server", () => ({ connection: async () => {} }));
const refresh = vi.hoisted(() => vi.fn());
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
vi.mock("@/config/server", () => ({ serverConfig: () => ({ chainId: 31337 }) }));
vi.mock("@/server/context", () => ({ chainClient: () => ({}) }));

const { StrategyList } = await import("./StrategyList");

const tranche = (name: string, capacity: bigint, totalAssets: bigint, fixed = false) => ({
  id: 0n,
  name,
  apy: 0.1,
  interestRate: 1n,
  minimumDeposit: 1n,
  maximumDeposit: 10n,
  capacity,
  totalAssets,
  closed: false,
  fixedTermConfig: fixed
    ? [
        {
          configId: 1n,
          apy: 0.12,
          epochInterestRate: 1n,
          epochLockDuration: 4n,
          fixedTermDepositStatus: "Everyone" as const,
        },
      ]
    : [],
});
const pool = (id: bigint, poolName: string, tranches: Pool["tranches"]): Pool => ({
  id,
  poolName,
  subheading: "",
  requestEpochsInAdvance: 1n,
  tranches,
});
const POOLS = [
  pool(0n, "Open Pool", [tranche("Senior", 10_000_000n, 1_000_000n)]),
  pool(1n, "Full Pool", [tranche("Senior", 10_000_000n, 10_000_000n, true)]),
  pool(2n, "Closed Pool", [tranche("Senior", 10_000_000n, 12_000_000n)]),
];

async function show(status: "closed" | "fullySubscribed") {
  render(await StrategyList({ status, empty: "None." }));
}

afterEach(() => readPools.mockReset());

describe("StrategyList", () => {
  it("lists only the fully subscribed pools, with capacity and assets", async () => {
    readPools.mockResolvedValue(POOLS);
    await show("fullySubscribed");
    const cards = screen.getAllByTestId("strategy-card");
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain("Full Pool");
    expect(cards[0]!.textContent).toContain("10.00 USDC");
    expect(cards[0]!.textContent).toContain("10.00%");
  });

  it("lists only the closed pools", async () => {
    readPools.mockResolvedValue(POOLS);
    await show("closed");
    const cards = screen.getAllByTestId("strategy-card");
    expect(cards.map((c) => c.querySelector("h2")?.textContent)).toEqual(["Closed Pool"]);
  });

  it("shows the empty text when none", async () => {
    readPools.mockResolvedValue([POOLS[0]!]);
    await show("closed");
    expect(screen.getByTestId("strategies-empty").textContent).toBe("None.");
  });

  it("shows an error when the chain cannot be read", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    // viem's error for an RPC that does not answer
    readPools.mockRejectedValue(
      Object.assign(new Error("HTTP request failed."), {
        name: "HttpRequestError",
        shortMessage: "HTTP request failed.",
      }),
    );
    await show("fullySubscribed");
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("could not be read");
    expect(alert.textContent).toContain("Network unreachable");
    // Retry renders the page again on the server
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(refresh).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("says what else failed when the read fails for another reason", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    readPools.mockRejectedValue(new Error("execution reverted"));
    await show("closed");
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("could not be read");
    expect(alert.textContent).toContain("Could not load data");
    expect(alert.textContent).toContain("execution reverted");
    expect(alert.textContent).not.toContain("Network unreachable");
    spy.mockRestore();
  });
});
