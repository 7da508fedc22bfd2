import {
  buildLoanTicketMessage,
  dailyGroupId,
  decisionTimeLeftMs,
  type LoanTicket,
  type LoanTicketDecision,
  readLenderExposure,
  type Deployment,
  type TicketHistoryFacts,
} from "@lending/sdk";
import { parseUnits, type Address, type Client, type Hex } from "viem";
import type { Database } from "../db/client";
import type { Executor } from "../db/types";
import { conflict, notFound } from "../http/errors";
import { insertDecisions, ticketsForUser } from "../repositories/loan-tickets";
import { consumeSignature, verifySignedRequest } from "./signatures";

/** A loan ticket as GET/POST /api/loan-tickets return it (the SDK's `LoanTicket`). */
export type LoanTicketView = LoanTicket;

/**
 * Reads a lender's exposure to a ticket's loan (the SDK's `readLenderExposure` at the ticket's
 * block); null when it cannot be read.
 */
export type ExposureReader = (args: {
  poolId: bigint;
  trancheId: bigint;
  user: Address;
  loanAssets: bigint;
  blockNumber: bigint | null;
}) => Promise<bigint | null>;

/** An {@link ExposureReader} on the chain: a failed read answers null (the list still loads). */
export function chainExposureReader(client: Client, deployment: Deployment): ExposureReader {
  return async (args) => {
    try {
      return (await readLenderExposure(client, deployment, args)).exposure;
    } catch (error) {
      console.error("[loan-tickets] exposure read failed:", error);
      return null;
    }
  };
}

export async function listLoanTickets(
  db: Database,
  chainId: number,
  user: Address,
  now: number = Date.now(),
  exposureOf?: ExposureReader,
): Promise<LoanTicketView[]> {
  const rows = await ticketsForUser(db, chainId, user.toLowerCase());
  return Promise.all(
    rows.map(async ({ ticket, decision }) => {
      const created = ticket.createdOn.getTime();
      const left = decisionTimeLeftMs(created, now);
      // the lender's part of the loan, read only for what still awaits the lender's answer
      const exposure =
        exposureOf && !decision && left > 0
          ? await exposureOf({
              poolId: BigInt(ticket.poolId),
              trancheId: BigInt(ticket.trancheId),
              user: user.toLowerCase() as Address,
              loanAssets: parseUnits(ticket.assets, 6),
              blockNumber: ticket.blockNumber,
            })
          : null;
      return {
        id: ticket.id,
        createdOn: ticket.createdOn.toISOString(),
        dailyGroupID: dailyGroupId(created),
        assets: ticket.assets,
        endBorrowerName: ticket.endBorrowerName,
        endBorrowerID: ticket.endBorrowerId,
        poolID: ticket.poolId,
        trancheID: ticket.trancheId,
        status: decision?.status ?? (left === 0 ? "optedIn" : "pending"),
        decisionTimeLeftMs: decision ? 0 : left,
        decidedOn: decision?.createdAt.toISOString() ?? null,
        exposure: exposure === null ? null : exposure.toString(),
      };
    }),
  );
}

/**
 * Records signed opt-in/opt-out decisions: each request applies to the user's pending tickets of
 * that borrower in that pool and tranche. All or nothing, with the signature in one transaction.
 */
export async function decideLoanTickets(
  db: Database,
  args: {
    chainId: number;
    userID: Address;
    requests: LoanTicketDecision[];
    signature: Hex;
    signatureTimestamp: number;
    now?: number;
    exposureOf?: ExposureReader;
  },
): Promise<LoanTicketView[]> {
  const now = args.now ?? Date.now();
  const user = args.userID.toLowerCase() as Address;
  const message = buildLoanTicketMessage({
    userID: user,
    requests: args.requests,
    timestamp: args.signatureTimestamp,
    chainId: args.chainId,
  });
  await verifySignedRequest(db, {
    address: user,
    message,
    signature: args.signature,
    timestamp: args.signatureTimestamp,
    now,
  });
  await db.transaction(async (tx) => {
    const tickets = await ticketsForUser(tx, args.chainId, user);
    const rows: { ticketId: number; userAddress: string; status: "optedIn" | "optedOut" }[] = [];
    for (const r of args.requests) {
      const matching = tickets.filter(
        ({ ticket }) =>
          ticket.poolId === r.poolID &&
          ticket.trancheId === r.trancheID &&
          ticket.endBorrowerId === r.endBorrowerID,
      );
      if (matching.length === 0) {
        throw notFound(
          `No loan ticket for borrower ${r.endBorrowerID} in pool ${r.poolID}, tranche ${r.trancheID}`,
        );
      }
      const pending = matching.filter(
        ({ ticket, decision }) =>
          !decision && decisionTimeLeftMs(ticket.createdOn.getTime(), now) > 0,
      );
      if (pending.length === 0) {
        throw conflict(
          `The decision on borrower ${r.endBorrowerID} in pool ${r.poolID}, tranche ${r.trancheID} is already made or its 2-day window has closed`,
        );
      }
      for (const { ticket } of pending) {
        rows.push({ ticketId: ticket.id, userAddress: user, status: r.status });
      }
    }
    const ids = rows.map((r) => r.ticketId);
    if (new Set(ids).size !== ids.length) throw conflict("The same ticket is decided twice");
    const inserted = await insertDecisions(tx, rows);
    if (inserted.length !== rows.length) throw conflict("A decision was recorded meanwhile");
    await consumeSignature(tx, { address: user, message, purpose: "loan-tickets" });
  });
  return listLoanTickets(db, args.chainId, user, now, args.exposureOf);
}

/**
 * What the lender's history needs of each ticket the lender was told of (see
 * `withBorrowerDecisions` in the SDK): `returnNftId` names the forced withdrawal that returned
 * the lender's funds after an opt-out; `processedAtMs` is filled in by the caller from the
 * indexer.
 */
export async function ticketHistoryOf(
  db: Executor,
  chainId: number,
  user: Address,
): Promise<(TicketHistoryFacts & { returnNftId: string | null })[]> {
  const rows = await ticketsForUser(db, chainId, user.toLowerCase());
  return rows.map(({ ticket, notice, decision, fundsReturn }) => ({
    borrower: ticket.endBorrowerName,
    poolId: ticket.poolId,
    trancheId: Number(ticket.trancheId),
    createdOnMs: ticket.createdOn.getTime(),
    createdAtBlock: ticket.blockNumber,
    noticeMs: (notice.emailSentAt ?? notice.createdAt).getTime(),
    decision: decision ? { status: decision.status, atMs: decision.createdAt.getTime() } : null,
    fundsReturn: fundsReturn
      ? {
          shares: BigInt(fundsReturn.shares),
          holderShares: BigInt(fundsReturn.holderShares),
          requestedAtMs: fundsReturn.createdAt.getTime(),
          processedAtMs: null,
        }
      : null,
    returnNftId: fundsReturn?.nftId ?? null,
  }));
}
