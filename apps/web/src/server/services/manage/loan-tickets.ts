/**
 * Loan tickets for the pool manager (issue 27, "one implementation per action"): the ops CLI's
 * `loan-tickets:create` / `loan-tickets:return-funds` and the console's Loan tickets section
 * call these. Creating a ticket records it and tells (and mails) every lender whose funds back
 * it; returning funds computes each opted-out lender's part of the loan in shares
 * ({@link returnShares}). No "@/" imports: the ops CLI imports this file.
 */
import {
  exposureShares,
  lendingPoolManagerAbi,
  readLenderExposure,
  readLogsInRanges,
  type Deployment,
} from "@lending/sdk";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { parseEventLogs, parseUnits, type Address, type PublicClient } from "viem";
import type { Database } from "../../db/client";
import type { Executor } from "../../db/types";
import {
  consoleAudit,
  loanTicketDecisions,
  loanTicketNotices,
  loanTicketReturns,
  loanTickets,
} from "../../db/schema";
import {
  completeReturn,
  deleteUnfinishedReturn,
  insertReturn,
  optedOutWithoutReturn,
  type LoanTicketRow,
} from "../../repositories/loan-tickets";
import { loanTicketMail, recordLoanTicket } from "../loan-ticket-notices";
import { recordAudit } from "./audit";

export class LoanTicketError extends Error {
  override name = "LoanTicketError";
}

/** The lender's return is reserved or done by another operator (or run): refused before signing. */
export class ReturnTakenError extends LoanTicketError {
  override name = "ReturnTakenError";
}

/** Holders are read from the indexer this many addresses a page, their shares this many at once. */
const HOLDERS_PAGE = 1000;
const READS_AT_ONCE = 20;

export type TicketChain = {
  publicClient: PublicClient;
  deployment: Deployment;
  /** the indexer's HTTP API (INDEXER_URL), no trailing slash */
  indexerUrl: string;
};

const lpmOf = (deployment: Deployment) =>
  ({ address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi }) as const;

/** The pool's and the tranche's names; a clear error when either does not exist. */
export async function trancheNames(
  chain: Pick<TicketChain, "publicClient" | "deployment">,
  poolId: bigint,
  trancheId: bigint,
): Promise<{ poolName: string; trancheName: string }> {
  const pool = await chain.publicClient
    .readContract({ ...lpmOf(chain.deployment), functionName: "getPool", args: [poolId] })
    .catch(() => {
      throw new LoanTicketError(`Pool ${poolId} does not exist.`);
    });
  const tranche = pool.tranches[Number(trancheId)];
  if (!tranche) {
    throw new LoanTicketError(
      `Pool ${poolId} has no tranche ${trancheId} (it has ${pool.tranches.length}).`,
    );
  }
  return { poolName: pool.name, trancheName: tranche.name };
}

/** How long a ticket waits for the indexer to reach the ticket's block before it is refused. */
export const INDEXER_CATCH_UP_MS = 15_000;

const indexerUnreachable = (chain: TicketChain) => (e: unknown) => {
  throw new LoanTicketError(
    `The indexer at ${chain.indexerUrl} (INDEXER_URL) is unreachable: ${e instanceof Error ? e.message : String(e)}. It lists the tranche's lenders; start it (npm start does) or name one lender with --user.`,
  );
};

/**
 * Waits (at most `waitMs`) until the indexer has read the chain up to `blockNumber` (its GET
 * /sync): the tranche's lenders it lists are then every lender up to that block. A lender whose
 * deposit it has not read yet would not be told of the ticket, so a lagging indexer refuses the
 * ticket with what to do, rather than leaving that lender out.
 */
async function indexerReached(chain: TicketChain, blockNumber: bigint, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const url = `${chain.indexerUrl}/sync`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(
      indexerUnreachable(chain),
    );
    if (!res.ok) throw new LoanTicketError(`The indexer answered ${res.status} for ${url}.`);
    const { indexedBlock } = (await res.json().catch(() => ({}))) as { indexedBlock?: unknown };
    if (typeof indexedBlock !== "string" || !/^\d+$/.test(indexedBlock)) {
      throw new LoanTicketError(`The indexer's ${url} names no indexed block.`);
    }
    if (BigInt(indexedBlock) >= blockNumber) return;
    if (Date.now() >= deadline) {
      throw new LoanTicketError(
        `The indexer has read the chain up to block ${indexedBlock}, not yet block ${blockNumber}: a lender who joined the tranche since would not be told. Try again once it has caught up.`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Lenders whose funds are in the tranche now: every address the indexer saw accepted into it
 * (page by page, once it has read the chain up to `blockNumber`), kept when its shares there are
 * above 0 at that block.
 */
export async function trancheHolders(
  chain: TicketChain,
  poolId: bigint,
  trancheId: bigint,
  blockNumber: bigint,
  waitMs: number = INDEXER_CATCH_UP_MS,
): Promise<{ address: Address; shares: bigint }[]> {
  await indexerReached(chain, blockNumber, waitMs);
  const candidates: Address[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({
      pool: String(poolId),
      tranche: String(trancheId),
      page: String(page),
      pageSize: String(HOLDERS_PAGE),
    });
    const url = `${chain.indexerUrl}/tranche-lenders?${params}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(
      indexerUnreachable(chain),
    );
    if (!res.ok) throw new LoanTicketError(`The indexer answered ${res.status} for ${url}.`);
    const body = (await res.json()) as { items: Address[]; hasMore: boolean };
    candidates.push(...body.items);
    if (!body.hasMore) break;
  }
  const holders: { address: Address; shares: bigint }[] = [];
  for (let i = 0; i < candidates.length; i += READS_AT_ONCE) {
    const batch = candidates.slice(i, i + READS_AT_ONCE);
    const shares = await Promise.all(
      batch.map((user) =>
        chain.publicClient.readContract({
          ...lpmOf(chain.deployment),
          functionName: "sharesOf",
          args: [poolId, trancheId, user],
          blockNumber,
        }),
      ),
    );
    batch.forEach((address, j) => {
      if (shares[j]! > 0n) holders.push({ address, shares: shares[j]! });
    });
  }
  return holders;
}

export type CreateTicketArgs = {
  chainId: number;
  poolId: bigint;
  trancheId: bigint;
  endBorrowerId: string;
  endBorrowerName: string;
  /** USDC as a decimal string */
  assets: string;
  user?: Address;
  createdOn?: Date;
};

export type TicketMailSetup = {
  mail: { smtpUrl?: string; from: string };
  appName: string;
  portfolioUrl: string;
  emailOf: (address: Address) => Promise<string | null | undefined>;
};

/**
 * Records the ticket and tells the lenders whose funds back it (or `args.user` alone). Checks the
 * pool and tranche on chain first: a bad id records nothing.
 */
export async function createLoanTicket(
  db: Database,
  chain: TicketChain,
  args: CreateTicketArgs,
  setup: TicketMailSetup,
): Promise<{ ticket: LoanTicketRow; notified: number; mailed: number }> {
  const names = await trancheNames(chain, args.poolId, args.trancheId);
  // one block for the holders and the ticket: deposits accepted up to it back the loan
  const blockNumber = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  const lenders = args.user
    ? [args.user]
    : (await trancheHolders(chain, args.poolId, args.trancheId, blockNumber)).map((h) => h.address);
  return recordLoanTicket(db, {
    ticket: {
      chainId: args.chainId,
      poolId: String(args.poolId),
      trancheId: String(args.trancheId),
      endBorrowerId: args.endBorrowerId,
      endBorrowerName: args.endBorrowerName,
      assets: args.assets,
      userAddress: args.user ?? null,
      createdOn: args.createdOn,
      blockNumber,
    },
    lenders,
    emailOf: setup.emailOf,
    mail: setup.mail,
    compose: (to, ticket) =>
      loanTicketMail({
        to,
        ticket,
        ...names,
        appName: setup.appName,
        portfolioUrl: setup.portfolioUrl,
        from: setup.mail.from,
      }),
  });
}

/**
 * The shares that return an opted-out lender's part of the loan: the lender's exposure
 * (`readLenderExposure`: the loan pro rata to the lender's share of the tranche when the ticket
 * was recorded; later deposits do not back it), converted at the tranche's totals now with the
 * chain's rounding (`exposureShares`), at most the lender's free shares (0: nothing left).
 */
export async function returnShares(
  chain: Pick<TicketChain, "publicClient" | "deployment">,
  ticket: LoanTicketRow,
  user: Address,
): Promise<{ shares: bigint; exposure: bigint; holderShares: bigint }> {
  const poolId = BigInt(ticket.poolId);
  const trancheId = BigInt(ticket.trancheId);
  const lpm = lpmOf(chain.deployment);
  const [{ exposure, holderShares }, free, state] = await Promise.all([
    readLenderExposure(chain.publicClient, chain.deployment, {
      poolId,
      trancheId,
      user,
      loanAssets: parseUnits(ticket.assets, 6),
      blockNumber: ticket.blockNumber,
    }),
    chain.publicClient.readContract({
      ...lpm,
      functionName: "sharesOf",
      args: [poolId, trancheId, user],
    }),
    chain.publicClient.readContract({
      ...lpm,
      functionName: "getTrancheState",
      args: [poolId, trancheId],
    }),
  ]);
  const shares = exposureShares({
    exposure,
    trancheShares: state.totalShares,
    trancheAssets: state.totalAssets,
    freeShares: free,
  });
  return { shares, exposure, holderShares };
}

export type TicketOverview = {
  id: number;
  poolId: string;
  trancheId: string;
  endBorrowerId: string;
  endBorrowerName: string;
  assets: string;
  createdOn: string;
  /** who was told, and when the mail went out (null: no email on file, or the relay refused) */
  notices: { user: string; emailSentAt: string | null }[];
  decisions: { user: string; status: "optedIn" | "optedOut"; at: string }[];
  returns: { user: string; shares: string; nftId: string | null; transactionHash: string | null }[];
};

/** The newest tickets first, each with who was told and mailed, the decisions and the returns. */
export async function ticketOverview(
  db: Executor,
  chainId: number,
  limit = 50,
): Promise<TicketOverview[]> {
  const tickets = await db
    .select()
    .from(loanTickets)
    .where(eq(loanTickets.chainId, chainId))
    .orderBy(asc(loanTickets.id));
  const newest = tickets.slice(-limit).reverse();
  const ids = newest.map((t) => t.id);
  if (ids.length === 0) return [];
  const [notices, decisions, returns] = await Promise.all([
    db.select().from(loanTicketNotices).where(inArray(loanTicketNotices.ticketId, ids)),
    db.select().from(loanTicketDecisions).where(inArray(loanTicketDecisions.ticketId, ids)),
    db.select().from(loanTicketReturns).where(inArray(loanTicketReturns.ticketId, ids)),
  ]);
  return newest.map((t) => ({
    id: t.id,
    poolId: t.poolId,
    trancheId: t.trancheId,
    endBorrowerId: t.endBorrowerId,
    endBorrowerName: t.endBorrowerName,
    assets: t.assets,
    createdOn: t.createdOn.toISOString(),
    notices: notices
      .filter((n) => n.ticketId === t.id)
      .map((n) => ({ user: n.userAddress, emailSentAt: n.emailSentAt?.toISOString() ?? null })),
    decisions: decisions
      .filter((d) => d.ticketId === t.id)
      .map((d) => ({ user: d.userAddress, status: d.status, at: d.createdAt.toISOString() })),
    returns: returns
      .filter((r) => r.ticketId === t.id)
      .map((r) => ({
        user: r.userAddress,
        shares: r.shares,
        nftId: r.nftId,
        transactionHash: r.transactionHash,
      })),
  }));
}

/** Whether `user` has a return recorded for the ticket. */
export async function hasReturn(db: Executor, ticketId: number, user: string): Promise<boolean> {
  const [row] = await db
    .select({ user: loanTicketReturns.userAddress })
    .from(loanTicketReturns)
    .where(
      and(
        eq(loanTicketReturns.ticketId, ticketId),
        eq(loanTicketReturns.userAddress, user.toLowerCase()),
      ),
    );
  return row !== undefined;
}

export type ReturnPlan = { user: string; shares: string; exposure: string; skipped?: string };

/**
 * The returns still due on a ticket (lenders who opted out, none returned yet), each with the
 * shares a forced withdrawal must queue; a lender with nothing left is marked skipped. Writes
 * nothing: the console sends each withdrawal from the operator's wallet, then records it
 * ({@link recordConsoleReturn}).
 */
export async function planReturns(
  db: Executor,
  chain: Pick<TicketChain, "publicClient" | "deployment">,
  ticket: LoanTicketRow,
): Promise<ReturnPlan[]> {
  await trancheNames(chain, BigInt(ticket.poolId), BigInt(ticket.trancheId));
  const plans: ReturnPlan[] = [];
  for (const user of await optedOutWithoutReturn(db, ticket.id)) {
    const { shares, exposure } = await returnShares(chain, ticket, user as Address);
    plans.push({
      user,
      shares: String(shares),
      exposure: String(exposure),
      ...(shares === 0n ? { skipped: "no free shares in the tranche" } : {}),
    });
  }
  return plans;
}

/** A console reservation no one finished may be released by another operator after this long. */
export const RETURN_RESERVATION_TTL_MS = 10 * 60_000;

const reservationTarget = (ticket: LoanTicketRow, user: string) =>
  `ticket ${ticket.id} lender ${user.toLowerCase()}`;

/**
 * Reserves an opted-out lender's return before the operator signs (the ops CLI reserves the same
 * way in `returnOptedOutFunds`): the return row is written with the shares to send and no
 * transaction yet, so a second operator (or a second run) is refused before signing. The
 * reservation is in the audit trail with who made it. Throws when the lender did not opt out,
 * was returned, is being returned by someone else, or has no free shares left.
 */
export async function reserveReturn(
  db: Database,
  chain: Pick<TicketChain, "publicClient" | "deployment">,
  args: { ticket: LoanTicketRow; user: Address; actor: Address },
): Promise<{ shares: string; exposure: string }> {
  const { ticket } = args;
  const user = args.user.toLowerCase();
  const refuseTaken = async () => {
    const taken = await returnRow(db, ticket.id, user);
    if (taken) {
      throw new ReturnTakenError(
        taken.nftId
          ? `${user}'s funds were returned already`
          : `${user}'s return is already being sent by another operator`,
      );
    }
  };
  await refuseTaken();
  if (!(await optedOutWithoutReturn(db, ticket.id)).includes(user)) {
    // another operator's reservation may have been written since the check above: that is a
    // return being sent (409), not a lender who did not opt out
    await refuseTaken();
    throw new LoanTicketError(`${user} has not opted out of ticket ${ticket.id}`);
  }
  const { shares, exposure, holderShares } = await returnShares(chain, ticket, args.user);
  if (shares === 0n) throw new LoanTicketError(`${user} has no free shares in the tranche`);
  await db.transaction(async (t) => {
    const claimed = await insertReturn(t, {
      ticketId: ticket.id,
      userAddress: user,
      shares: String(shares),
      holderShares: String(holderShares),
    });
    if (!claimed) {
      throw new ReturnTakenError(`${user}'s return is already being sent by another operator`);
    }
    await recordAudit(t, {
      chainId: ticket.chainId,
      actor: args.actor,
      action: "loan-tickets:return-reserved",
      target: reservationTarget(ticket, user),
      reason: `Loan ticket ${ticket.id}: the lender opted out`,
      details: { shares: String(shares) },
    });
  });
  return { shares: String(shares), exposure: String(exposure) };
}

/**
 * Releases a reservation whose withdrawal was not sent (the signature was refused) or reverted,
 * so the return can be sent again. Only the operator who reserved it may, or anyone once it is
 * older than {@link RETURN_RESERVATION_TTL_MS}. When the chain shows the withdrawal was mined
 * after all, the return is completed instead ("completed"): a return is never released twice.
 */
export async function releaseReturn(
  db: Database,
  chain: Pick<TicketChain, "publicClient" | "deployment">,
  args: { ticket: LoanTicketRow; user: Address; actor: Address; force?: boolean },
): Promise<"released" | "completed"> {
  const { ticket } = args;
  const user = args.user.toLowerCase();
  const row = await returnRow(db, ticket.id, user);
  if (!row || row.nftId) throw new LoanTicketError(`${user} has no open return reservation`);
  const [reserved] = await db
    .select()
    .from(consoleAudit)
    .where(
      and(
        eq(consoleAudit.chainId, ticket.chainId),
        eq(consoleAudit.action, "loan-tickets:return-reserved"),
        eq(consoleAudit.target, reservationTarget(ticket, user)),
      ),
    )
    .orderBy(desc(consoleAudit.id))
    .limit(1);
  const stale = Date.now() - row.createdAt.getTime() > RETURN_RESERVATION_TTL_MS;
  if (!args.force && !stale && reserved && reserved.actor !== args.actor.toLowerCase()) {
    throw new ReturnTakenError(`${user}'s return is reserved by another operator`);
  }
  const sent = await forcedWithdrawalOf(chain, ticket, user, BigInt(row.shares));
  if (sent) {
    await completeReturn(db, {
      ticketId: ticket.id,
      userAddress: user,
      nftId: String(sent.nftId),
      transactionHash: sent.transactionHash,
    });
    return "completed";
  }
  await db.transaction(async (t) => {
    await deleteUnfinishedReturn(t, ticket.id, user);
    await recordAudit(t, {
      chainId: ticket.chainId,
      actor: args.actor,
      action: "loan-tickets:return-released",
      target: reservationTarget(ticket, user),
      reason: `Loan ticket ${ticket.id}: the withdrawal was not sent or reverted`,
    });
  });
  return "released";
}

/** The forced withdrawal of `user`'s tranche with these shares since the ticket, if mined. */
export async function forcedWithdrawalOf(
  chain: Pick<TicketChain, "publicClient" | "deployment">,
  ticket: LoanTicketRow,
  user: string,
  shares: bigint,
): Promise<{ nftId: bigint; transactionHash: `0x${string}` } | undefined> {
  const events = await readLogsInRanges(
    chain.publicClient,
    { fromBlock: ticket.blockNumber ?? BigInt(chain.deployment.deployBlock) },
    (range) =>
      chain.publicClient.getContractEvents({
        address: chain.deployment.lendingPoolManager,
        abi: lendingPoolManagerAbi,
        eventName: "WithdrawalForced",
        args: { user: user as Address, poolId: BigInt(ticket.poolId) },
        ...range,
      }),
  );
  const e = events.find(
    (x) => x.args.trancheId === BigInt(ticket.trancheId) && x.args.shares === shares,
  );
  return e ? { nftId: e.args.nftId!, transactionHash: e.transactionHash } : undefined;
}

async function returnRow(db: Executor, ticketId: number, user: string) {
  const [row] = await db
    .select()
    .from(loanTicketReturns)
    .where(
      and(
        eq(loanTicketReturns.ticketId, ticketId),
        eq(loanTicketReturns.userAddress, user.toLowerCase()),
      ),
    );
  return row;
}

/**
 * Records a return the operator's wallet sent for a reservation ({@link reserveReturn}): the
 * mined transaction must be the signed-in operator's forced withdrawal of this lender in the
 * ticket's pool and tranche with the reserved shares (its `WithdrawalForced` event). Completes
 * the reserved row with the request and the hash.
 */
export async function recordConsoleReturn(
  db: Database,
  chain: Pick<TicketChain, "publicClient" | "deployment">,
  args: { ticket: LoanTicketRow; user: Address; hash: `0x${string}`; actor: Address },
): Promise<{ nftId: string }> {
  const { ticket } = args;
  const user = args.user.toLowerCase();
  const row = await returnRow(db, ticket.id, user);
  if (!row) throw new LoanTicketError(`${user}'s return was not reserved before signing`);
  if (row.nftId) throw new LoanTicketError(`${user}'s funds were returned already`);
  const [tx, receipt] = await Promise.all([
    chain.publicClient.getTransaction({ hash: args.hash }).catch(() => undefined),
    chain.publicClient.getTransactionReceipt({ hash: args.hash }).catch(() => undefined),
  ]);
  if (!tx || !receipt || receipt.status !== "success") {
    throw new LoanTicketError("This transaction is not a mined, successful one on this chain");
  }
  if (tx.from.toLowerCase() !== args.actor.toLowerCase()) {
    throw new LoanTicketError("This transaction was not sent by the signed-in wallet");
  }
  const [event] = parseEventLogs({
    abi: lendingPoolManagerAbi,
    eventName: "WithdrawalForced",
    logs: receipt.logs.filter(
      (l) => l.address.toLowerCase() === chain.deployment.lendingPoolManager.toLowerCase(),
    ),
  });
  if (
    !event ||
    event.args.user.toLowerCase() !== user ||
    event.args.poolId !== BigInt(ticket.poolId) ||
    event.args.trancheId !== BigInt(ticket.trancheId) ||
    event.args.shares !== BigInt(row.shares)
  ) {
    throw new LoanTicketError(
      "This transaction is no forced withdrawal of this lender's reserved shares",
    );
  }
  const nftId = String(event.args.nftId);
  await completeReturn(db, {
    ticketId: ticket.id,
    userAddress: user,
    nftId,
    transactionHash: args.hash,
  });
  return { nftId };
}
