// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  parseTransactionsPage,
  refreshUntilIndexed,
  transactionsCsvUrl,
  transactionsUrl,
  type Transaction,
  type TransactionsPage,
} from "./api";
import { event, transaction, USER } from "./fixture";

describe("the /api/transactions client", () => {
  it("turns the contract's decimal strings into bigints", () => {
    const page = parseTransactionsPage({
      items: [
        transaction(12, {
          requestedAmount: "123456789012345678901234567890",
          events: [event(1, { type: "Accepted", amount: "5", remainingQueuedAmount: "-1" })],
        }),
      ],
      page: 2,
      pageSize: 10,
      total: 11,
    });
    const tx = page.items[0] as Transaction | undefined;
    expect(tx!.nftId).toBe(12n);
    expect(tx!.poolId).toBe(0n);
    expect(tx!.requestedAmount).toBe(123456789012345678901234567890n);
    expect(tx!.events[0]!.amount).toBe(5n);
    expect(tx!.events[0]!.remainingQueuedAmount).toBe(-1n);
    expect(tx!.events[0]!.shares).toBeNull();
    expect(page).toMatchObject({ page: 2, pageSize: 10, total: 11 });
  });

  it("rejects a response that breaks the contract", () => {
    const ok = { items: [transaction(1)], page: 1, pageSize: 10, total: 1 };
    expect(() => parseTransactionsPage({ ...ok, total: -1 })).toThrow();
    expect(() =>
      parseTransactionsPage({ ...ok, items: [transaction(1, { requestedAmount: "1.5" })] }),
    ).toThrow();
    expect(() =>
      parseTransactionsPage({
        ...ok,
        items: [transaction(1, { requestStatus: "Pending" as "Requested" })],
      }),
    ).toThrow();
    expect(() =>
      parseTransactionsPage({
        ...ok,
        items: [
          transaction(1, { events: [event(1, { type: "Request", transactionHash: "0x12" })] }),
        ],
      }),
    ).toThrow();
  });

  it("builds the route URLs with the lowercased address", () => {
    expect(transactionsUrl(USER, 3, 10)).toBe(
      `/api/transactions?user=${USER.toLowerCase()}&page=3&pageSize=10`,
    );
    expect(transactionsCsvUrl(USER)).toBe(`/api/transactions/csv?user=${USER.toLowerCase()}`);
  });
});

describe("refreshUntilIndexed", () => {
  const pageWith = (canCancel: boolean): TransactionsPage =>
    parseTransactionsPage({
      items: [transaction(7, { canCancel, requestStatus: canCancel ? "Requested" : "Cancelled" })],
      page: 1,
      pageSize: 10,
      total: 1,
    });

  it("refetches until the indexer shows the request as no longer cancellable", async () => {
    let refetches = 0;
    const cache = {
      invalidateQueries: async () => {
        refetches++;
      },
      getQueriesData: <T>() =>
        [[["k", 1], pageWith(refetches < 3) as T]] as [readonly unknown[], T | undefined][],
    };
    await expect(refreshUntilIndexed(cache, ["k"], 7n, { intervalMs: 1 })).resolves.toBe(true);
    expect(refetches).toBe(3);
  });

  it("gives up after its tries", async () => {
    let refetches = 0;
    const cache = {
      invalidateQueries: async () => {
        refetches++;
      },
      getQueriesData: <T>() =>
        [[["k", 1], pageWith(true) as T]] as [readonly unknown[], T | undefined][],
    };
    await expect(refreshUntilIndexed(cache, ["k"], 7n, { tries: 4, intervalMs: 1 })).resolves.toBe(
      false,
    );
    expect(refetches).toBe(4);
  });
});
