/**
 * The lender's indexed history (spec section 3: "Detailed transaction", "Deposit record"), as the
 * indexer's HTTP API returns it and the web server serves it at `/api/transactions`. This is the
 * contract between the indexer (packages/indexer), the web server and the my-transactions page.
 *
 * JSON: every bigint is a decimal string (USDC 6 decimals, tranche shares 12), every time is unix
 * seconds as a number, addresses and hashes are lowercase 0x strings (types only: the server
 * validates what it receives with zod).
 */

/** Spec "Request events". `Cancelled` and `Settled` are the request's own end events. */
export type HistoryEventType =
  | "Request"
  | "Increase"
  | "Accepted"
  | "Rejected"
  | "Reallocated"
  | "Cancelled"
  | "PartCancelled"
  | "Settled"
  | "Forced";

/** One on-chain event of a request (spec: events (epochId, amount, timestamp, transactionHash, type, status, remainingQueuedAmount)). */
export type HistoryEvent = {
  /** `${transactionHash}-${logIndex}`: unique, stable across re-indexing. */
  id: string;
  type: HistoryEventType;
  epochId: string;
  /** Deposits: USDC units. Withdrawals: shares for Request/Increase/Rejected, USDC for Accepted. */
  amount: string;
  /** Accepted withdrawals: the shares accepted (the USDC paid is `amount`). Else null. */
  shares: string | null;
  /**
   * Withdrawal Request/Increase/Forced: the shares' USDC value at the event's block (what the
   * lender asked for, never re-priced later). Else null.
   */
  value: string | null;
  /** Reallocated: the tranche the USDC moved to. Else null. */
  toTrancheId: number | null;
  timestamp: number;
  blockNumber: string;
  transactionHash: string;
  /** Withdrawals: shares still queued after this event ("0" or less means fully accepted). */
  remainingQueuedAmount: string | null;
};

/** Spec request statuses, from real states. */
export type HistoryRequestStatus = "Requested" | "Processed" | "Cancelled" | "Forced" | "Queued";

/** One deposit or withdrawal request (one request NFT) with its events. */
export type HistoryTransaction = {
  /** `${chainId}-${nftId}`. */
  id: string;
  type: "Deposit" | "Withdrawal";
  nftId: string;
  owner: string;
  poolId: string;
  poolName: string;
  trancheId: number;
  trancheName: string;
  /** Deposits: USDC units requested (after increases). Withdrawals: shares requested. */
  requestedAmount: string;
  /**
   * USDC units at request time: deposits `requestedAmount`; withdrawals the sum of each request's
   * and increase's shares valued at its own block (never re-priced at today's share price).
   */
  requestedValue: string;
  /** APY at request time as a fraction string ("0.12" is 12%), fixed-term APY for fixed deposits. */
  apy: string;
  /** 0 for variable. */
  fixedTermConfigId: number;
  /** Fixed-term lock length in weeks, null for variable. */
  fixedTermWeeks: number | null;
  epochId: string;
  requestTimestamp: number;
  requestStatus: HistoryRequestStatus;
  /** Pending and its epoch not yet cleared (the owner may cancel). */
  canCancel: boolean;
  /** Time of the newest event. */
  lastTransactionDate: number;
  events: HistoryEvent[];
  /** Spec "subsequentTransactions" (borrower decisions, issue 12): empty until then. */
  subsequentTransactions: {
    timestamp: number;
    action: string;
    amount: string;
    status: string;
    /** the borrower a decision action is about (borrower decisions), when known */
    borrower?: string;
  }[];
};

/** Spec "Deposit record": one deposit request's clearing outcome in an epoch. */
export type DepositRecord = {
  id: string;
  nftId: string;
  epochId: string;
  requestTimestamp: number;
  acceptedAmount: string;
  rejectedAmount: string;
  reallocatedOutAmount: string;
  reallocatedInAmount: string;
  transactionHash: string;
  trancheName: string;
  apy: string;
  poolName: string;
};

/** What a reported loss did to one of a lender's tranche positions (USDC units, decimal strings). */
export type LossPositionChange = {
  trancheId: number;
  trancheName: string;
  /** Free variable shares (12 decimals): the loss cuts their value, not their number. */
  shares: string;
  variableBefore: string;
  variableAfter: string;
  fixedTermBefore: string;
  fixedTermAfter: string;
  /** (variableAfter + fixedTermAfter) - (variableBefore + fixedTermBefore): 0 or below. */
  change: string;
};

/**
 * A loss the pool manager reported on a pool the lender held, as its own history row: one row
 * per loss, with the change of each of the lender's tranche positions.
 */
export type HistoryLoss = {
  /** `loss-${chainId}-${transactionHash}-${logIndex}`. */
  id: string;
  type: "Loss";
  owner: string;
  poolId: string;
  poolName: string;
  /** The whole loss reported on the pool (USDC units). */
  poolLoss: string;
  /** The sum of `tranches[].change` (0 or below). */
  change: string;
  tranches: LossPositionChange[];
  timestamp: number;
  blockNumber: string;
  transactionHash: string;
  /**
   * The pool manager's reason recorded with the report (the web's API adds it from the audit
   * trail; the indexer has none); absent or null when none was given.
   */
  reason?: string | null;
};

/**
 * A money event of a fixed-term lock: `FixApy` (free shares locked at a fixed rate),
 * `FixedDeposit` (a fixed-term deposit's lock started at settlement), `WithdrawAtExpiryRequested`,
 * `Converted` (released at maturity into the variable balance), `PaidAtExpiry` (released with
 * its withdrawal at expiry paid).
 */
export type FixedTermEventType =
  "FixApy" | "FixedDeposit" | "WithdrawAtExpiryRequested" | "Converted" | "PaidAtExpiry";

/** One fixed-term lock event as its own history row (USDC units, decimal strings). */
export type HistoryFixedTerm = {
  /** `fixed-${chainId}-${transactionHash}-${logIndex}`. */
  id: string;
  type: "FixedTerm";
  event: FixedTermEventType;
  lockId: string;
  owner: string;
  poolId: string;
  poolName: string;
  trancheId: number;
  trancheName: string;
  /**
   * USDC: the value locked (FixApy, FixedDeposit), the lock's value when withdrawal at expiry was
   * asked (WithdrawAtExpiryRequested), the value converted to variable (Converted), the USDC paid
   * (PaidAtExpiry).
   */
  amount: string;
  /** PaidAtExpiry: what was not accepted and came back as variable, in USDC; else null. */
  returnedValue: string | null;
  /** The fixed APY as a fraction string. */
  apy: string;
  endEpoch: string;
  /** When the lock's funds are (or were due to be) released, unix seconds ("fixed until"). */
  releaseTime: number;
  timestamp: number;
  blockNumber: string;
  transactionHash: string;
};

/** A row of the lender's history: a deposit or withdrawal request, a loss or a fixed-term event. */
export type HistoryItem = HistoryTransaction | HistoryLoss | HistoryFixedTerm;

/**
 * How far the indexer is behind the chain (GET /sync of the indexer, `/api/sync` of the web):
 * its newest indexed block and that block's time, the chain's head and its time (unix seconds),
 * and `behindSeconds` = chain head time - indexed block time (0 when caught up). `chainBlock`
 * is null when the chain did not answer.
 */
export type IndexerSync = {
  indexedBlock: string;
  indexedTimestamp: number;
  chainBlock: string | null;
  chainTimestamp: number | null;
  behindSeconds: number;
};

/** What a reported loss took from one tranche of the pool (USDC units, decimal strings). */
export type TrancheLoss = {
  trancheId: number;
  trancheName: string;
  valueBefore: string;
  valueAfter: string;
};

/** A loss reported on a pool (GET /losses of the indexer), with what each tranche lost. */
export type PoolLoss = {
  id: string;
  poolId: string;
  poolName: string;
  amount: string;
  tranches: TrancheLoss[];
  timestamp: number;
  /** The report's block. */
  blockNumber: string;
  transactionHash: string;
  /** The pool manager's reason recorded with the report (added by the web's API), if any. */
  reason?: string | null;
};

/** An incident period of a pool: `closedAt` null while it is open. */
export type PoolIncident = {
  id: string;
  poolId: string;
  openedAt: number;
  openTransactionHash: string;
  closedAt: number | null;
  closeTransactionHash: string | null;
};

/**
 * What the lending page shows on a pool's card (GET /pool-notices): its open incident (if any)
 * and its most recent loss (if any).
 */
export type PoolNotice = {
  poolId: string;
  poolName: string;
  openIncident: PoolIncident | null;
  latestLoss: PoolLoss | null;
  lossCount: number;
};

/** A page of a user's transactions, newest first (requests by request time, losses by time). */
export type HistoryPage = {
  items: HistoryItem[];
  page: number;
  pageSize: number;
  total: number;
};

/**
 * A signed loan contract (spec "Loan contract list item"): `id` names the stored contract (its
 * download is signed as "{address}/{id}"), `timestamp` is its signed request time (ms) and names
 * the PDF. Amounts are USDC in smallest units as decimal strings: `depositAmount` is what the
 * deposit that carried the acceptance added on chain; `acceptedAmount` its share of what clearing
 * accepted, null until the epoch is cleared and settled ("0" after a cancellation).
 */
export type LoanContractListItem = {
  id: number;
  timestamp: number;
  depositAmount: string;
  acceptedAmount: string | null;
  nftId: string;
  poolName: string;
  trancheName: string;
};

/** A page of a user's signed loan contracts, newest first. */
export type LoanContractPage = {
  items: LoanContractListItem[];
  page: number;
  pageSize: number;
  total: number;
};

/**
 * A loan ticket as GET/POST /api/loan-tickets answer it (spec "Loan ticket"): a borrower the pool
 * manager identified for a tranche's funds. `status` is pending until decided; after the 2-day
 * window an undecided ticket counts as opted in. Times are ISO strings, `dailyGroupID` ms.
 */
export type LoanTicket = {
  id: number;
  createdOn: string;
  /** start of the UTC day of createdOn (ms): tickets of one day are shown together */
  dailyGroupID: number;
  /** USDC as a decimal string */
  assets: string;
  endBorrowerName: string;
  endBorrowerID: string;
  poolID: string;
  trancheID: string;
  status: "pending" | "optedIn" | "optedOut";
  decisionTimeLeftMs: number;
  decidedOn: string | null;
  /**
   * The lender's part of the loan (`lenderExposure`), USDC in 6-decimal units as a string: read
   * from the chain for tickets awaiting the lender's decision; null when not read (decided or
   * closed tickets, or the chain could not be read).
   */
  exposure: string | null;
};

/**
 * One reward a user received (GET /api/rewards): a fee share claimed (USDC), bonus interest
 * claimed (KSU), a launch bonus paid with a lock (KSU) or a referral reward paid (USDC).
 * `amount` is in the token's smallest units as a decimal string.
 */
export type RewardItem = {
  id: string;
  kind: "feeShare" | "bonus" | "launchBonus" | "referral";
  token: "USDC" | "KSU";
  amount: string;
  timestamp: number;
  transactionHash: string;
};

/** A page of a user's rewards, newest first, with the totals of every kind. */
export type RewardsPage = {
  totals: { feesClaimed: string; bonusClaimed: string; launchBonus: string; referralPaid: string };
  items: RewardItem[];
  page: number;
  pageSize: number;
  total: number;
};

/**
 * A referrer's page of referred users (GET /api/referral/userYields), oldest first: each user's
 * first deposit and the referral rewards paid for them, the rewards paid in the latest epoch paid
 * and in all (USDC in 6-decimal units as decimal strings), and how many users it referred. The
 * field names are the spec's (section 7), spelling included.
 */
export type ReferralYieldsPage = {
  totalUserRefferalsCount: number;
  items: { user: string; firstDeposit: string; yield: string }[];
  latestEpochReferralYield: string;
  lifetimeRefferalYield: string;
  page: number;
  pageSize: number;
};

/**
 * One tranche of a pool after an epoch's clearing (the pool page's charts): its rate in force,
 * its share price, value and capacity. Decimal strings in smallest units: `assetsPerShare` is the
 * USDC (6 decimals) one whole share (12 decimals) is worth, scaled by 1e18; `totalAssets` and
 * `capacity` are USDC and null for clearings indexed before they were recorded.
 */
export type PoolEpochTranche = {
  trancheId: string;
  trancheName: string;
  epochInterestRate: string;
  assetsPerShare: string;
  totalAssets: string | null;
  capacity: string | null;
};

/** A pool's epoch clearing, with each tranche after it (GET /pool-epochs, oldest first). */
export type PoolEpoch = {
  epoch: string;
  /** the clearing's block time, unix seconds */
  timestamp: number;
  interest: string;
  fee: string;
  depositsAccepted: string;
  withdrawalsPaid: string;
  /** USDC lent to borrowers after the clearing; null when not recorded */
  drawnPrincipal: string | null;
  transactionHash: string;
  tranches: PoolEpochTranche[];
};

/** GET /pool-epochs: the newest clearings of a pool (at most `limit`), oldest first. */
export type PoolEpochsResponse = { poolId: string; poolName: string; items: PoolEpoch[] };

/**
 * One event of a lender's request in a pool (GET /pool-transactions): public on-chain data, the
 * lender by address only. `amount` is what the event carries: USDC for deposits and accepted
 * withdrawals, shares for withdrawal requests, increases, rejections and cancellations; `value`
 * is a withdrawal request's USDC value at its block.
 */
export type PoolTransaction = {
  id: string;
  timestamp: number;
  epoch: string;
  nftId: string;
  kind: "Deposit" | "Withdrawal";
  type: string;
  owner: string;
  trancheName: string;
  toTrancheName: string | null;
  amount: string;
  shares: string | null;
  value: string | null;
  transactionHash: string;
};

/** A page of a pool's request events, oldest first. */
export type PoolTransactionsPage = {
  items: PoolTransaction[];
  page: number;
  pageSize: number;
  hasMore: boolean;
};
