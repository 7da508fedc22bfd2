import {
  cancelDepositRequest,
  cancelRequestPart,
  cancelWithdrawalRequest,
  formatDate,
  getDeployment,
  type HistoryEvent,
  type HistoryItem,
} from "@lending/sdk";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mock } from "wagmi";
import { connect } from "wagmi/actions";
import { loadStack } from "@/lib/stack/store";
import { renderWithWagmiProbe, waitForWalletRestore } from "@/lib/stack/testing";
import type { BuiltTransaction, TxCopy } from "@/lib/tx/pipeline";
import { event, fixedTerm, loss, mockTransactionsRoute, T0, transaction, USER } from "./fixture";
import { HISTORY_REFRESH_MS, MyTransactions } from "./MyTransactions";

// The pipeline is tested on its own (lib/tx/pipeline.test.ts): here record what the modal sends.
const sent = vi.hoisted(() => ({
  calls: [] as { tx: BuiltTransaction; copy: TxCopy }[],
  result: null as null | { hash: string },
}));
vi.mock("@/lib/tx/useTransactor", () => ({
  useTransactor: () => async (tx: BuiltTransaction, copy: TxCopy) => {
    sent.calls.push({ tx, copy });
    return sent.result;
  },
  useExplorerUrl: () => "https://explorer.example",
}));
vi.mock("@/lib/tx/explorer", () => ({ useExplorerUrl: () => "https://explorer.example" }));
const toasts = vi.hoisted(() => [] as { type: string; title: string }[]);
vi.mock("@/components/toast/toast", async (original) => ({
  ...(await original<typeof import("@/components/toast/toast")>()),
  showToast: (o: { type: string; title: string }) => {
    toasts.push(o);
    return Promise.resolve(1);
  },
}));

const EPOCH_GENESIS = vi.hoisted(() => 1_795_168_800 - 10 * 604_800 - 86_400);

// The cancel modal asks the chain whether the request can still be cancelled (no chain here);
// the fill preview's reads answer what a test sets (none: the chain cannot answer).
const chain = vi.hoisted(() => ({
  canCancel: true,
  /** The request's amount on chain (undefined: the index's). */
  amount: undefined as bigint | undefined,
  reads: [] as bigint[],
  previews: null as null | Map<bigint, import("@lending/sdk").FillPreview>,
}));
vi.mock("@lending/sdk", async (original) => ({
  ...(await original<typeof import("@lending/sdk")>()),
  readUserPosition: async () => {
    // no chain in this test: the read never answers (as an unreachable RPC)
    if (!chain.previews) return new Promise<never>(() => {});
    return { positions: [], requests: [], activeDeposits: 0n, pendingDeposits: 0n };
  },
  readFillPreviews: async () => {
    return chain.previews ?? new Map();
  },
  readRequest: async (_client: unknown, _deployment: unknown, nftId: bigint) => {
    chain.reads.push(nftId);
    return { canCancel: chain.canCancel, amount: chain.amount };
  },
  // epoch 10 of the chain started a day before the fixture's requests (T0)
  readEpochTimes: async () => ({
    currentEpoch: 10n,
    nextEpochStart: EPOCH_GENESIS + 11 * 604_800,
    nextClearingPeriodStart: EPOCH_GENESIS + 11 * 604_800 - 2 * 86_400,
    isClearingPeriod: false,
    chainTime: EPOCH_GENESIS + 10 * 604_800 + 86_400 + 7 * 60,
  }),
}));

// Rendering the whole provider tree, loading modal chunks and running axe takes seconds on a
// loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });

// a connected lender's page: the wallet stack is loaded (a visitor's is in lib/stack)
beforeAll(async () => {
  await loadStack();
});

let items: HistoryItem[] | Response = [];
let route = mockTransactionsRoute(() => items);

function renderPage() {
  return renderWithWagmiProbe(<MyTransactions />);
}

async function renderConnected() {
  const view = renderPage();
  await screen.findByTestId("transactions-connect", {}, { timeout: 5000 });
  await waitForWalletRestore(view.ref);
  await act(async () => {
    await connect(view.ref.config!, { connector: mock({ accounts: [USER] }) });
  });
  return view;
}

/** axe on the whole document (the modals render in a portal): no serious or critical violation. */
async function expectNoSeriousAxeViolations() {
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
}

const rows = () => screen.getAllByTestId("transaction-row");
const cells = (row: HTMLElement) =>
  Object.fromEntries(
    [...row.querySelectorAll("td")].map((td) => [td.dataset.label, td.textContent]),
  );

beforeEach(() => {
  chain.canCancel = true;
  chain.amount = undefined;
  chain.reads.length = 0;
  sent.calls.length = 0;
  sent.result = null;
  toasts.length = 0;
  items = [];
  route = mockTransactionsRoute(() => items);
  vi.stubGlobal("fetch", vi.fn(route.fetchMock));
});
afterEach(() => vi.unstubAllGlobals());

describe("my transactions page", () => {
  it("asks a visitor to connect instead of showing an empty table", async () => {
    renderPage();
    const prompt = await screen.findByTestId("transactions-connect", {}, { timeout: 5000 });
    expect(prompt.textContent).toContain(
      "Connect your wallet to see your deposit and withdrawal requests.",
    );
    expect(route.calls.filter((c) => c.startsWith("/api/transactions"))).toEqual([]);
    await expectNoSeriousAxeViolations();
  });

  it("shows the empty state to a lender with no requests", async () => {
    await renderConnected();
    const empty = await screen.findByTestId("transactions-empty");
    expect(empty.textContent).toContain("You have no deposit or withdrawal requests yet.");
    expect(within(empty).getByRole("link").getAttribute("href")).toBe("/lending");
    expect(route.calls).toContain(
      `/api/transactions?user=${USER.toLowerCase()}&page=1&pageSize=10`,
    );
  });

  it("shows a pending request what it would get if the epoch closed now, and a processed one nothing", async () => {
    const preview = (nftId: bigint, over: Partial<import("@lending/sdk").FillPreview>) =>
      [
        nftId,
        {
          kind: "Deposit",
          amount: 1_000_000_000n,
          accepted: 0n,
          reallocated: 0n,
          rejected: 0n,
          shares: 0n,
          assets: 0n,
          filledUsdc: 0n,
          rejectedUsdc: 0n,
          ...over,
        },
      ] as const;
    chain.previews = new Map([
      preview(3n, {
        accepted: 500_000_000n,
        reallocated: 200_000_000n,
        rejected: 300_000_000n,
        filledUsdc: 700_000_000n,
        rejectedUsdc: 300_000_000n,
      }),
      preview(2n, {
        kind: "Withdrawal",
        accepted: 1n,
        assets: 25_000_000n,
        filledUsdc: 25_000_000n,
      }),
      preview(1n, { accepted: 1_000_000_000n, filledUsdc: 1_000_000_000n }),
    ]);
    try {
      items = [
        transaction(3, { requestedAmount: "1000000000" }),
        transaction(2, { type: "Withdrawal", requestedAmount: "50000000000000" }),
        transaction(1, { requestStatus: "Processed", canCancel: false }),
      ];
      await renderConnected();
      await waitFor(() => expect(screen.getAllByTestId("fill-preview")).toHaveLength(2), {
        timeout: 10_000,
      });
      const [deposit, withdrawal, processed] = rows();
      expect(within(deposit!).getByTestId("fill-preview").textContent).toBe(
        "700.00 USDC accepted, 200.00 USDC of it in a more senior tranche300.00 USDC not filled this epoch",
      );
      expect(within(withdrawal!).getByTestId("fill-preview").textContent).toBe("25.00 USDC paid");
      expect(within(processed!).queryByTestId("fill-preview")).toBeNull();
    } finally {
      chain.previews = null;
    }
  });

  it("lists each request with its fields, newest first, as the server sends them", async () => {
    items = [
      transaction(2, {
        type: "Withdrawal",
        requestedAmount: "50000000000000", // 50 shares (12 decimals)
        requestStatus: "Processed",
        canCancel: false,
        apy: "0.085",
        trancheName: "Senior",
        lastTransactionDate: T0 + 7 * 86_400,
        events: [
          event(20, {
            type: "Request",
            amount: "50000000000000",
            remainingQueuedAmount: "50000000000000",
          }),
          event(21, {
            type: "Accepted",
            amount: "20000000",
            shares: "20000000000000",
            remainingQueuedAmount: "30000000000000",
            timestamp: T0 + 7 * 86_400,
          }),
        ],
      }),
      transaction(1, { fixedTermConfigId: 1, fixedTermWeeks: 13, apy: "0.15" }),
    ];
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [withdrawal, deposit] = rows().map(cells);
    expect(deposit).toEqual({
      Type: "Deposit",
      "Requested amount": "100.00 USDC",
      APY: "15.00%",
      Pool: "Alpha Pool",
      Tranche: "Junior",
      "NFT ID": "1",
      // T0 + 60 s in the test zone (Asia/Kolkata)
      "Request time": "20.11.2026 15:31:00 UTC+05:30",
      Status: "Requested",
      "Fixed term": "about 13 weeks",
      "Last transaction": "20.11.2026 15:31:00 UTC+05:30",
      Actions: "DetailsCancel",
      // no chain in this test: no preview
      "If the epoch closed now": "",
    });
    expect(withdrawal).toMatchObject({
      Type: "Withdrawal",
      // what was paid, from its Accepted event (never re-priced at today's share price)
      "Requested amount": "20.00 USDC paid",
      APY: "8.50%",
      Tranche: "Senior",
      Status: "Partially Accepted",
      "Fixed term": "Variable",
      "Last transaction": "27.11.2026 15:30:00 UTC+05:30",
      Actions: "Details",
    });
    await expectNoSeriousAxeViolations();
  });

  it("shows a reported loss as its own row: the position's change, pool, tranche, time and transaction", async () => {
    items = [loss(3), transaction(1)];
    await renderConnected();
    const row = await screen.findByTestId("loss-row");
    expect(rows()).toHaveLength(1); // the deposit
    expect(cells(row)).toMatchObject({
      Type: "Loss",
      "Requested amount": "-80.00 USDC",
      Pool: "Alpha Pool",
      Tranche: "Junior",
      Status: "Loss reported",
    });
    expect(within(row).getByTestId("loss-tx-link").getAttribute("href")).toBe(
      `https://explorer.example/tx/${loss(3).transactionHash}`,
    );
    await expectNoSeriousAxeViolations();
  });

  it("pages through the server's pages (boundary 2, sibling 0)", async () => {
    items = Array.from({ length: 75 }, (_, i) => transaction(75 - i));
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId("transactions-summary").textContent).toBe("1–10 of 75");
    const nav = screen.getByRole("navigation", { name: "Pages of your transactions" });
    const labels = () =>
      [...nav.querySelectorAll("li")].map((li) => li.textContent).filter((t) => t !== "");
    expect(labels()).toEqual(["Previous", "1", "2", "3", "4", "…", "7", "8", "Next"]);
    expect(within(nav).getByRole("button", { name: "Previous" })).toHaveProperty("disabled", true);

    fireEvent.click(within(nav).getByRole("button", { name: "Page 7" }));
    await waitFor(() => expect(rows()[0]!.dataset.nftId).toBe("15"));
    expect(route.calls).toContain(
      `/api/transactions?user=${USER.toLowerCase()}&page=7&pageSize=10`,
    );
    expect(screen.getByTestId("transactions-summary").textContent).toBe("61–70 of 75");
    expect(labels()).toEqual(["Previous", "1", "2", "…", "5", "6", "7", "8", "Next"]);

    fireEvent.click(within(nav).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().map((r) => r.dataset.nftId)).toEqual(["5", "4", "3", "2", "1"]);
    expect(within(nav).getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
    expect(within(nav).getByRole("button", { name: "Page 8" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("links the CSV export of the whole history", async () => {
    items = [transaction(1)];
    await renderConnected();
    const csv = await screen.findByTestId("transactions-csv");
    expect(csv.getAttribute("href")).toBe(`/api/transactions/csv?user=${USER.toLowerCase()}`);
    expect(csv.hasAttribute("download")).toBe(true);
    expect(csv.textContent).toBe("Export CSV");
  });

  it("says the history service is down, offers Retry, and comes back by itself (issue 25)", async () => {
    let down = true;
    route = mockTransactionsRoute(() =>
      down
        ? Response.json(
            { statusCode: 503, message: "The transaction history is unavailable" },
            { status: 503 },
          )
        : [transaction(1)],
    );
    vi.stubGlobal("fetch", vi.fn(route.fetchMock));
    await renderConnected();
    const alert = await screen.findByTestId("transactions-error", {}, { timeout: 5000 });
    expect(alert.querySelector("h2")?.textContent).toBe("History unavailable");
    expect(alert.textContent).toContain("Your transactions could not be loaded.");
    expect(alert.textContent).toContain("This page tries again by itself every few seconds.");
    const asked = () => route.calls.filter((c) => c.startsWith("/api/transactions?")).length;
    // Retry asks again (still down: the error stays)
    const before = asked();
    await waitFor(() =>
      expect(within(alert).getByRole("button", { name: "Retry" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
    expect(screen.getByTestId("transactions-error")).toBeTruthy();
    await expectNoSeriousAxeViolations();
    // the indexer is back: the page recovers without a click
    down = false;
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 12_000 });
    expect(screen.queryByTestId("transactions-error")).toBeNull();
  });

  it("shows a status that moved on the chain without a reload: the page is asked again every 15 s", async () => {
    // (the query's timer is made when the page renders: the clock is faked from the start, and
    // runs on by itself as well)
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      items = [transaction(1)];
      await renderConnected();
      await waitFor(() => expect(rows()).toHaveLength(1));
      const status = () => within(rows()[0]!).getByTestId("transaction-status").textContent;
      expect(status()).toBe("Requested");
      // the keeper processes the request: the server's page says so from now on
      items = [transaction(1, { requestStatus: "Processed", canCancel: false })];
      await act(() => vi.advanceTimersByTimeAsync(HISTORY_REFRESH_MS));
      await waitFor(() => expect(status()).toBe("Processed"));
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows an error, not a crash, when the response breaks the contract", async () => {
    items = Response.json({ items: [{ nftId: 1 }], page: 1, pageSize: 10, total: 1 });
    await renderConnected();
    const alert = await screen.findByTestId("transactions-error", {}, { timeout: 5000 });
    expect(alert.textContent).toContain("Your transactions could not be loaded.");
  });
});

describe("request details modal", () => {
  it("shows the request, its events with transaction links and the empty subsequent actions", async () => {
    items = [
      transaction(4, {
        type: "Withdrawal",
        requestedAmount: "30000000000000",
        requestedValue: "30012345",
        requestStatus: "Forced",
        canCancel: false,
        events: [
          event(40, {
            type: "Forced",
            amount: "30000000000000",
            // the shares' value at the event's block (never re-priced)
            value: "30012345",
            remainingQueuedAmount: "30000000000000",
          }),
          event(41, {
            type: "Accepted",
            epochId: "4",
            amount: "30000000",
            shares: "30000000000000",
            remainingQueuedAmount: "0",
            timestamp: T0 + 31 * 86_400,
          }),
        ],
      }),
    ];
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Details of request NFT #4" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(within(dialog).getByRole("heading", { name: "Request details" })).toBeDefined();
    expect(within(dialog).getByTestId("request-details-status").textContent).toBe("Forced");
    const events = within(dialog).getAllByTestId("request-event").map(cells);
    expect(events).toEqual([
      {
        Epoch: "3",
        // in USDC, as worth when it was made, to the unit (issue 23 item 7)
        Amount: "30.012345 USDC when requested",
        Time: "20.11.2026 15:30:00 UTC+05:30",
        Transaction: "View transaction",
        Type: "ForcedDelegate initiated",
        Status: "Forced",
        // what stays queued in USDC as worth when requested too, its shares in the title
        "Remaining queued": "30.012345 USDC when requested",
      },
      {
        Epoch: "4",
        Amount: "30.00 USDC",
        Time: "21.12.2026 15:30:00 UTC+05:30",
        Transaction: "View transaction",
        // 31 days after the first event: no longer delegate initiated
        Type: "Accepted",
        Status: "Fully Accepted",
        "Remaining queued": "0.00 USDC",
      },
    ]);
    // the event's amount and what stays queued both keep the shares in their title
    const forcedEvent = within(dialog).getAllByTestId("request-event")[0]!;
    expect(within(forcedEvent).getAllByTitle("30.00 shares")).toHaveLength(2);
    expect(
      within(dialog)
        .getAllByTestId("event-tx-link")
        .map((a) => a.getAttribute("href")),
    ).toEqual([
      `https://explorer.example/tx/0x${(40).toString(16).padStart(64, "0")}`,
      `https://explorer.example/tx/0x${(41).toString(16).padStart(64, "0")}`,
    ]);
    expect(within(dialog).getByTestId("subsequent-empty").textContent).toBe(
      "No subsequent actions.",
    );
    expect(within(dialog).queryByTestId("request-details-cancel")).toBeNull();
    await expectNoSeriousAxeViolations();
  });

  it("lists subsequent actions when there are some", async () => {
    items = [
      transaction(5, {
        subsequentTransactions: [
          { timestamp: T0, action: "optedOut", amount: "25000000", status: "Completed" },
        ],
      }),
    ];
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Details of request NFT #5" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(within(dialog).getAllByTestId("subsequent-action").map(cells)).toEqual([
      {
        Time: "20.11.2026 15:30:00 UTC+05:30",
        Action: "Opted out",
        Amount: "25.00 USDC",
        Status: "Completed",
      },
    ]);
  });
});

describe("cancel deposit and cancel withdrawal modals", () => {
  it("are offered only for Requested requests with canCancel", async () => {
    items = [
      transaction(4, { requestStatus: "Requested", canCancel: false }),
      transaction(3, { requestStatus: "Processed", canCancel: true }),
      transaction(2, { requestStatus: "Cancelled", canCancel: false }),
      transaction(1),
    ];
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((r) => within(r).queryByTestId("transaction-cancel") !== null)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it("cancels a deposit: sends cancelDepositRequest, closes and refreshes the history", async () => {
    let cancelled = false;
    items = [transaction(7)];
    route = mockTransactionsRoute(() => [
      cancelled ? transaction(7, { requestStatus: "Cancelled", canCancel: false }) : transaction(7),
    ]);
    vi.stubGlobal("fetch", vi.fn(route.fetchMock));
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Cancel deposit request NFT #7" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(within(dialog).getByRole("heading", { name: "Cancel deposit" })).toBeDefined();
    // when it is processed, as the date of its clearing period (issue 23 item 13)
    const clearing = formatDate(new Date((EPOCH_GENESIS + 11 * 604_800 - 2 * 86_400) * 1000));
    await waitFor(() =>
      expect(within(dialog).getByTestId("cancel-request-text").textContent).toBe(
        `Your deposit request will be cancelled and its USDC returned to your wallet. This is possible until the request is processed in the clearing period that starts on ${clearing}.`,
      ),
    );
    expect(within(dialog).getByTestId("cancel-request-text").textContent).not.toContain(
      "end of the epoch",
    );
    await expectNoSeriousAxeViolations();

    sent.result = { hash: `0x${"ab".repeat(32)}` };
    cancelled = true;
    const before = route.calls.length;
    await waitFor(() =>
      expect(within(dialog).getByTestId("cancel-request-confirm")).toHaveProperty(
        "disabled",
        false,
      ),
    );
    expect(chain.reads).toContain(7n);
    fireEvent.click(within(dialog).getByTestId("cancel-request-confirm"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.calls).toEqual([
      {
        tx: cancelDepositRequest(getDeployment(31337), { poolId: 0n, nftId: 7n }),
        copy: { title: "cancellation error" },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId("transaction-status").textContent).toBe("Cancelled"),
    );
    expect(route.calls.slice(before).some((c) => c.startsWith("/api/transactions?"))).toBe(true);
    expect(screen.queryByTestId("transaction-cancel")).toBeNull();
    // spec: the modal closes and the history refreshes; no toast of its own, no error
    expect(toasts.filter((t) => t.type === "success" || t.type === "error")).toEqual([]);
  });

  it("keeps the modal open when the cancel fails (the pipeline showed 'cancellation error')", async () => {
    items = [
      transaction(8, {
        type: "Withdrawal",
        requestedAmount: "10000000000000",
        events: [event(80, { type: "Request", remainingQueuedAmount: "10000000000000" })],
      }),
    ];
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Details of request NFT #8" }));
    const details = await screen.findByRole("dialog", {}, { timeout: 5000 });
    fireEvent.click(within(details).getByTestId("request-details-cancel"));
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Cancel withdrawal" },
      { timeout: 5000 },
    );
    sent.result = null;
    // enabled once the chain says the request can still be cancelled
    await waitFor(() =>
      expect(within(dialog).getByTestId("cancel-request-confirm")).toHaveProperty(
        "disabled",
        false,
      ),
    );
    fireEvent.click(within(dialog).getByTestId("cancel-request-confirm"));
    await waitFor(() => expect(sent.calls).toHaveLength(1));
    expect(sent.calls[0]).toEqual({
      tx: cancelWithdrawalRequest(getDeployment(31337), { poolId: 0n, nftId: 8n }),
      copy: { title: "cancellation error" },
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId("cancel-request-confirm")).toHaveProperty(
        "disabled",
        false,
      ),
    );
    expect(screen.getByRole("dialog", { name: "Cancel withdrawal" })).toBeDefined();
  });
});

describe("issue 23: amounts as made and paid, fixed-term events, lag, cancel from the chain", () => {
  it("shows two withdrawals of one epoch as two rows, each in USDC as requested", async () => {
    items = [
      transaction(9, {
        type: "Withdrawal",
        requestedAmount: "150000000000000",
        requestedValue: "350500000",
        events: [
          event(90, {
            type: "Request",
            amount: "50000000000000",
            value: "100116775",
            remainingQueuedAmount: "50000000000000",
          }),
          event(91, {
            type: "Increase",
            amount: "100000000000000",
            value: "250383225",
            timestamp: T0 + 600,
            remainingQueuedAmount: "150000000000000",
          }),
        ],
      }),
    ];
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => within(r).getByTestId("transaction-amount").textContent)).toEqual([
      "100.12 USDC when requested",
      "250.38 USDC when requested",
    ]);
    expect(rows().map((r) => within(r).getByTestId("transaction-part").textContent)).toEqual([
      "Part 1 of 2 (one request on chain)",
      "Part 2 of 2 (one request on chain)",
    ]);
  });

  const twoWithdrawals = (extra: HistoryEvent[] = []) =>
    transaction(9, {
      type: "Withdrawal",
      requestedAmount: "150000000000000",
      requestedValue: "350500000",
      events: [
        event(90, {
          type: "Request",
          amount: "50000000000000",
          value: "100116775",
          remainingQueuedAmount: "50000000000000",
        }),
        event(91, {
          type: "Increase",
          amount: "100000000000000",
          value: "250383225",
          timestamp: T0 + 600,
          remainingQueuedAmount: "150000000000000",
        }),
        ...extra,
      ],
    });

  it("cancels one of two withdrawals of one epoch: only that row's request, named in the modal", async () => {
    items = [twoWithdrawals()];
    chain.amount = 150_000_000_000_000n;
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(
      screen.getByRole("button", { name: "Cancel part 2 of withdrawal request NFT #9" }),
    );
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Cancel withdrawal" },
      { timeout: 5000 },
    );
    expect(within(dialog).getByTestId("cancel-request-part").textContent).toBe(
      "Only this request (250.38 USDC) is cancelled. Your other requests of this epoch in this tranche stay queued with their amounts.",
    );
    expect(within(dialog).queryByTestId("cancel-request-merged")).toBeNull();
    expect(within(dialog).getByTestId("transaction-amount").textContent).toBe(
      "250.38 USDC when requested",
    );
    await expectNoSeriousAxeViolations();
    sent.result = { hash: `0x${"cd".repeat(32)}` };
    await waitFor(() =>
      expect(within(dialog).getByTestId("cancel-request-confirm")).toHaveProperty(
        "disabled",
        false,
      ),
    );
    fireEvent.click(within(dialog).getByTestId("cancel-request-confirm"));
    await waitFor(() => expect(sent.calls).toHaveLength(1));
    expect(sent.calls[0]).toEqual({
      tx: cancelRequestPart(getDeployment(31337), {
        poolId: 0n,
        nftId: 9n,
        amount: 100_000_000_000_000n,
      }),
      copy: { title: "cancellation error" },
    });
  });

  it("shows the part cancelled alone as Cancelled, the other still cancellable; the last one cancels the whole", async () => {
    items = [
      twoWithdrawals([
        event(92, {
          type: "PartCancelled",
          amount: "100000000000000",
          value: "250383225",
          timestamp: T0 + 900,
          remainingQueuedAmount: "50000000000000",
        }),
      ]),
    ];
    chain.amount = 50_000_000_000_000n;
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => within(r).getByTestId("transaction-status").textContent)).toEqual([
      "Requested",
      "Cancelled",
    ]);
    expect(rows().map((r) => within(r).queryByTestId("transaction-cancel") !== null)).toEqual([
      true,
      false,
    ]);
    fireEvent.click(
      screen.getByRole("button", { name: "Cancel part 1 of withdrawal request NFT #9" }),
    );
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Cancel withdrawal" },
      { timeout: 5000 },
    );
    expect(within(dialog).getByTestId("cancel-request-part").textContent).toContain(
      "(100.12 USDC)",
    );
    sent.result = null;
    await waitFor(() =>
      expect(within(dialog).getByTestId("cancel-request-confirm")).toHaveProperty(
        "disabled",
        false,
      ),
    );
    fireEvent.click(within(dialog).getByTestId("cancel-request-confirm"));
    await waitFor(() => expect(sent.calls).toHaveLength(1));
    // all that is left on chain: the whole request
    expect(sent.calls[0]!.tx).toEqual(
      cancelWithdrawalRequest(getDeployment(31337), { poolId: 0n, nftId: 9n }),
    );
  });

  it("lists a fixed-term event with its calendar date and the release date", async () => {
    items = [fixedTerm(5, { event: "PaidAtExpiry", amount: "2107750000", returnedValue: "0" })];
    await renderConnected();
    const row = await screen.findByTestId("fixed-term-row");
    expect(row.getAttribute("data-event")).toBe("PaidAtExpiry");
    expect(within(row).getByTestId("fixed-term-amount").textContent).toBe("2,107.75 USDC paid");
    expect(within(row).getByTestId("fixed-term-until").textContent).toBe("08.06.2027");
    expect(row.textContent).toContain("Paid at expiry");
    expect(row.textContent).not.toContain("epoch");
  });

  it("says how far behind the chain the list is", async () => {
    items = [transaction(1)];
    route = mockTransactionsRoute(
      () => items,
      () => ({
        indexedBlock: "10",
        indexedTimestamp: T0,
        chainBlock: "400",
        chainTimestamp: T0 + 13 * 60,
        behindSeconds: 13 * 60,
      }),
    );
    vi.stubGlobal("fetch", vi.fn(route.fetchMock));
    await renderConnected();
    const notice = await screen.findByTestId("indexer-lag", {}, { timeout: 5000 });
    expect(notice.textContent).toBe(
      "This list is 13 min behind the blockchain: recent transactions may be missing or show an old status.",
    );
  });

  it("offers Cancel only when the chain says the request can still be cancelled", async () => {
    chain.canCancel = false;
    items = [transaction(7)];
    await renderConnected();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Cancel deposit request NFT #7" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(await within(dialog).findByTestId("cancel-request-unavailable")).toBeDefined();
    expect(chain.reads).toContain(7n);
    expect(
      (within(dialog).getByTestId("cancel-request-confirm") as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
