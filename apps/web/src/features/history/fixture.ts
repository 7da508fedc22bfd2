/**
 * Test fixture of the `/api/transactions` contract (HistoryPage JSON) and a tiny mock of that
 * route for jsdom tests: the real route is served by the indexer's web API.
 */
import type {
  HistoryEvent,
  HistoryFixedTerm,
  HistoryItem,
  HistoryLoss,
  HistoryPage,
  HistoryTransaction,
  IndexerSync,
} from "@lending/sdk";

export const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/** 2026-11-20 10:00:00 UTC */
export const T0 = 1_795_168_800;

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

export function event(
  n: number,
  overrides: Partial<HistoryEvent> & Pick<HistoryEvent, "type">,
): HistoryEvent {
  return {
    id: `${hash(n)}-0`,
    epochId: "3",
    amount: "100000000",
    shares: null,
    value: null,
    toTrancheId: null,
    timestamp: T0,
    blockNumber: String(100 + n),
    transactionHash: hash(n),
    remainingQueuedAmount: null,
    ...overrides,
  };
}

/** Request `i` (nftId i): a pending, cancellable variable deposit of 100 USDC unless overridden. */
export function transaction(
  i: number,
  overrides: Partial<HistoryTransaction> = {},
): HistoryTransaction {
  const requestTimestamp = T0 + i * 60;
  return {
    id: `31337-${i}`,
    type: "Deposit",
    nftId: String(i),
    owner: USER.toLowerCase(),
    poolId: "0",
    poolName: "Alpha Pool",
    trancheId: 2,
    trancheName: "Junior",
    requestedAmount: "100000000",
    requestedValue: "100000000",
    apy: "0.12",
    fixedTermConfigId: 0,
    fixedTermWeeks: null,
    epochId: "3",
    requestTimestamp,
    requestStatus: "Requested",
    canCancel: true,
    lastTransactionDate: requestTimestamp,
    events: [event(i * 10, { type: "Request", timestamp: requestTimestamp })],
    subsequentTransactions: [],
    ...overrides,
  };
}

/** A loss of 300 USDC on Alpha Pool that took 80 USDC of the lender's Junior position. */
export function loss(i: number, overrides: Partial<HistoryLoss> = {}): HistoryLoss {
  return {
    id: `loss-31337-${hash(i)}-1`,
    type: "Loss",
    owner: USER.toLowerCase(),
    poolId: "0",
    poolName: "Alpha Pool",
    poolLoss: "300000000",
    change: "-80000000",
    tranches: [
      {
        trancheId: 2,
        trancheName: "Junior",
        shares: "100000000000000",
        variableBefore: "100000000",
        variableAfter: "20000000",
        fixedTermBefore: "0",
        fixedTermAfter: "0",
        change: "-80000000",
      },
    ],
    timestamp: T0 + i * 60,
    blockNumber: String(200 + i),
    transactionHash: hash(i),
    ...overrides,
  };
}

/** A fixed-term event row (Fix APY of 200 USDC unless overridden). */
export function fixedTerm(i: number, overrides: Partial<HistoryFixedTerm> = {}): HistoryFixedTerm {
  return {
    id: `fixed-31337-${hash(i)}-0`,
    type: "FixedTerm",
    event: "FixApy",
    lockId: String(i),
    owner: USER.toLowerCase(),
    poolId: "0",
    poolName: "Alpha Pool",
    trancheId: 2,
    trancheName: "Junior",
    amount: "200000000",
    returnedValue: null,
    apy: "0.12",
    endEpoch: "30",
    releaseTime: Date.UTC(2027, 5, 8, 12) / 1000,
    timestamp: T0 + i * 60,
    blockNumber: String(300 + i),
    transactionHash: hash(i),
    ...overrides,
  };
}

/** A fetch that serves `items` (newest first) page by page at /api/transactions, and records calls. */
export function mockTransactionsRoute(
  source: () => HistoryItem[] | Response,
  sync: () => IndexerSync = () => ({
    indexedBlock: "10",
    indexedTimestamp: T0,
    chainBlock: "10",
    chainTimestamp: T0,
    behindSeconds: 0,
  }),
) {
  const calls: string[] = [];
  const fetchMock = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    calls.push(url.pathname + url.search);
    if (url.pathname === "/api/transactions") {
      const items = source();
      if (items instanceof Response) return items;
      const page = Number(url.searchParams.get("page") ?? "1");
      const pageSize = Number(url.searchParams.get("pageSize") ?? "10");
      const body: HistoryPage = {
        items: items.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: items.length,
      };
      return Response.json(body);
    }
    if (url.pathname === "/api/indexer-sync") return Response.json(sync());
    if (url.pathname === "/api/kyc")
      return Response.json({ status: "Active", address: USER.toLowerCase(), provider: "local" });
    return Response.json({ statusCode: 404, message: "not found" }, { status: 404 });
  };
  return { fetchMock, calls };
}
