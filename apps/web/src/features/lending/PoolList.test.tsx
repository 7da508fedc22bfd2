import type { Pool } from "@lending/sdk";
import { QueryClient, QueryClientProvider, queryOptions } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const U = 1_000_000n;

const connection = vi.hoisted(() => ({ address: undefined as string | undefined }));
const deposited = vi.hoisted(() => ({ value: {} as Record<string, bigint> }));
const open = vi.hoisted(() => vi.fn());
const refresh = vi.hoisted(() => vi.fn());

// a page with the wallet stack loaded: TanStack Query's own useQuery, the connection stubbed
vi.mock("@/lib/stack", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/stack")>()),
  useQuery: (await import("@tanstack/react-query")).useQuery,
  useQueryClient: (await import("@tanstack/react-query")).useQueryClient,
  useConnection: () => ({
    address: connection.address,
    status: connection.address ? "connected" : "disconnected",
  }),
}));
vi.mock("@/components/modal/modalContext", () => ({ useModal: () => ({ open }) }));
vi.mock("@/components/modal/registry", () => ({ preloadModal: () => {} }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
// the notice reads the indexer itself once loaded: here, a marker that it is there
vi.mock("@/features/incidents/lazyPoolNotice", () => ({
  LazyPoolNotice: ({ poolId }: { poolId: bigint }) => (
    <p data-testid="pool-notice">notice of pool {poolId.toString()}</p>
  ),
}));
vi.mock("@/lib/queries/hooks", () => ({
  useAppChain: () => ({ chainId: 31337, chainName: "Anvil", client: {} }),
}));
// the user's reads: what they requested this epoch per tranche (getCurrentEpochDepositedAmount)
vi.mock("@/lib/queries/chain", () => ({
  lendFormQueryOptions: (_c: number, _cl: unknown, user: string | undefined, pool: Pool) =>
    queryOptions({
      queryKey: ["lendForm", user ?? "", pool.id.toString()],
      queryFn: async () => ({
        balance: 0n,
        depositedThisEpoch: deposited.value,
        fixedTermAllowlisted: {},
        loyaltyLevel: 0,
      }),
      enabled: Boolean(user),
    }),
}));

const tranche = (
  id: bigint,
  name: string,
  capacity: bigint,
  totalAssets: bigint,
  fixed = false,
  closed = false,
) => ({
  id,
  closed,
  name,
  apy: 0.1,
  interestRate: 1n,
  minimumDeposit: 10n * U,
  maximumDeposit: 1_000n * U,
  capacity,
  totalAssets,
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
const POOLS: Pool[] = [
  pool(0n, "Open Pool", [
    tranche(0n, "Junior", 10_000n * U, 1_000n * U),
    tranche(1n, "Senior", 10_000n * U, 1_000n * U),
  ]),
  pool(3n, "Wiped Pool", [
    tranche(0n, "Junior", 10_000n * U, 0n, false, true),
    tranche(1n, "Senior", 10_000n * U, 1_000n * U),
  ]),
  pool(1n, "Full Pool", [tranche(0n, "Senior", 10_000n * U, 10_000n * U, true)]),
  pool(2n, "Closed Pool", [tranche(0n, "Senior", 10_000n * U, 12_000n * U)]),
];

const { PoolList } = await import("./PoolList");
const { RECOVER_MS } = await import("@/lib/queries/recovery");

/** The list as the server renders it from its read of the chain, or after that read failed. */
function show(read: Pool[] | "failed" = POOLS, withNotice?: ReadonlySet<string>, error?: unknown) {
  const pools = read === "failed" ? undefined : read;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PoolList pools={pools} withNotice={withNotice} chainName="Local" error={error} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  connection.address = undefined;
  deposited.value = {};
  open.mockReset();
  refresh.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("PoolList (the Open strategies tab)", () => {
  it("lists open pools only: fully subscribed and closed pools have their own tabs", () => {
    show();
    const cards = screen.getAllByTestId("pool-card");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Open Pool",
      "Wiped Pool",
    ]);
    expect(screen.queryByText("Full Pool")).toBeNull();
    expect(screen.queryByText("Closed Pool")).toBeNull();
  });

  it("a visitor sees every tranche with room as a Lend button", () => {
    show();
    expect(screen.getAllByTestId("lend-button")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Oversubscribed" })).toBeNull();
  });

  it("a user who used up a tranche's epoch maximum sees it Oversubscribed, and why", async () => {
    connection.address = USER;
    deposited.value = { "0": 1_000n * U, "1": 400n * U };
    show();
    // the connected lender's button loads after the page (a lazy chunk): slow under load
    const oversubscribed = await screen.findByRole(
      "button",
      { name: "Oversubscribed" },
      { timeout: 10_000 },
    );
    expect(oversubscribed).toHaveProperty("disabled", true);
    const rows = screen.getAllByTestId("tranche-row");
    expect(within(rows[0]!).queryByTestId("lend-button")).toBeNull();
    // only this lender's limit is used up: it says so, as visible text that describes the button
    const reason = within(rows[0]!).getByTestId("tranche-full-reason");
    expect(reason.textContent).toBe(
      "You have reached your maximum deposit in this tranche for this epoch. You can lend into it again next epoch.",
    );
    expect(oversubscribed.getAttribute("aria-describedby")).toBe(reason.id);
    // the tranche maximum itself is still shown; the other tranche keeps its Lend button
    expect(within(rows[0]!).getByText("1,000.00 USDC")).toBeTruthy();
    expect(within(rows[1]!).getByTestId("lend-button")).toBeTruthy();
    // the connected lender's button (with the KYC gate) has loaded in place of the visitor's
    await waitFor(
      () => expect(within(rows[1]!).getByTestId("lend-button")).toHaveProperty("disabled", false),
      { timeout: 10_000 },
    );
  });

  it("a visitor's Lend opens the connect modal", () => {
    show();
    fireEvent.click(screen.getAllByTestId("lend-button")[0]!);
    expect(open).toHaveBeenCalledExactlyOnceWith("connectWallet");
    expect(screen.getAllByTestId("lend-button")[0]!.getAttribute("aria-label")).toBe(
      "Lend into Junior",
    );
  });

  it("a tranche that takes no deposits this epoch is Oversubscribed for everyone, with the spec's tooltip", () => {
    show([
      pool(4n, "Busy Pool", [
        { ...tranche(0n, "Junior", 10_000n * U, 1_000n * U), maximumDeposit: 0n },
        tranche(1n, "Senior", 10_000n * U, 1_000n * U),
      ]),
    ]);
    const rows = screen.getAllByTestId("tranche-row");
    const full = within(rows[0]!).getByRole("button", { name: "Oversubscribed" });
    expect(full).toHaveProperty("disabled", true);
    expect(within(rows[0]!).getByTestId("tranche-full-reason").textContent).toBe(
      "This tranche is temporarily oversubscribed. Please check again next epoch.",
    );
    expect(within(rows[0]!).queryByTestId("lend-button")).toBeNull();
    expect(within(rows[1]!).getByTestId("lend-button")).toBeTruthy();
  });

  it("a pool with an open incident or a reported loss shows its notice, the others none", () => {
    show(POOLS, new Set(["3"]));
    const [open0, wiped] = screen.getAllByTestId("pool-card");
    expect(within(open0!).queryByTestId("pool-notice")).toBeNull();
    expect(within(wiped!).getByTestId("pool-notice").textContent).toBe("notice of pool 3");
  });

  it("the repayments button opens the pool's historical repayments, or says the feature is not released", () => {
    show([POOLS[0]!]);
    const button = screen.getByRole("button", { name: "Historical repayments of Open Pool" });
    expect(button.textContent).toBe("Historical repayments");
    fireEvent.click(button);
    expect(open).toHaveBeenLastCalledWith("historicalRepayments", {
      poolId: 0n,
      poolName: "Open Pool",
    });
    cleanup();
    render(<PoolList pools={[POOLS[0]!]} unreleased={["historicalRepayments"]} />);
    fireEvent.click(screen.getByRole("button", { name: "Historical repayments of Open Pool" }));
    expect(open).toHaveBeenLastCalledWith("unreleasedFeature", {
      feature: "historicalRepayments",
    });
  });

  it("says so when no pool is open", () => {
    show([POOLS[2]!, POOLS[3]!]);
    expect(screen.queryByTestId("pool-card")).toBeNull();
    expect(screen.getByText("There are no lending strategies open yet.")).toBeTruthy();
  });

  it("a failed read shows the error panel; Retry renders the page again, and so does a timer", () => {
    vi.useFakeTimers();
    show("failed");
    const alert = screen.getByTestId("pools-error");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(within(alert).getByRole("heading").textContent).toBe("Network unreachable");
    expect(alert.textContent).toContain("The Local RPC endpoint did not answer.");
    expect(alert.textContent).toContain("This page tries again by itself every few seconds.");
    expect(screen.queryByTestId("pool-card")).toBeNull();
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(refresh).toHaveBeenCalledTimes(1);
    // by itself, every RECOVER_MS, until the chain answers
    act(() => vi.advanceTimersByTime(RECOVER_MS));
    expect(refresh).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(RECOVER_MS));
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it("the error panel says why the server's read failed: contracts not deployed, or another reason", () => {
    show("failed", undefined, { name: "DeploymentNotFoundError" });
    expect(within(screen.getByTestId("pools-error")).getByRole("heading").textContent).toBe(
      "Contracts not deployed",
    );
    cleanup();
    show("failed", undefined, {
      name: "ContractFunctionExecutionError",
      shortMessage: "execution reverted",
    });
    const alert = screen.getByTestId("pools-error");
    expect(within(alert).getByRole("heading").textContent).not.toBe("Network unreachable");
    expect(alert.textContent).toContain("execution reverted");
  });

  it("a tranche closed after a loss shows Closed, disabled, with why; the pool's other tranche lends", () => {
    show();
    const wiped = screen.getAllByTestId("pool-card")[1]!;
    const rows = within(wiped).getAllByTestId("tranche-row");
    const closed = within(rows[0]!).getByRole("button", { name: "Closed" });
    expect(closed).toHaveProperty("disabled", true);
    expect(within(rows[0]!).queryByTestId("lend-button")).toBeNull();
    expect(within(rows[0]!).getByTestId("tranche-full-reason").textContent).toBe(
      "This tranche is closed to new deposits (after a loss, or by the pool manager). Existing positions and withdrawals are unaffected.",
    );
    expect(within(rows[1]!).getByTestId("lend-button")).toBeTruthy();
  });
});
