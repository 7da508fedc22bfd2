/**
 * The pool manager's loan-ticket commands (`npm run ops -- loan-tickets:...`):
 *
 * - `loan-tickets:create`: records a borrower identified for a tranche's funds and tells every
 *   lender whose funds back it (the tranche's holders: lenders the indexer saw accepted into it
 *   whose shares on chain are above 0, or the one `--user`): a notice each (the ticket shows in
 *   their portfolio) and a mail through the mailer (the local outbox on `npm start`).
 * - `loan-tickets:return-funds`: for every lender who opted out of a ticket, queues a forced
 *   withdrawal of the lender's part of that loan only (its exposure, `lenderExposure`; never the
 *   whole position unless the loan is the whole tranche), paid to the lender's wallet at the next
 *   clearing, recorded so the lender's history shows "Funds returned".
 *
 * Both need the chain (RPC_URL, CHAIN_ID, OPS_PRIVATE_KEY off anvil), the database (as the other
 * database commands) and the web server's configuration (MAIL_FROM, SMTP_URL, KYC provider,
 * APP_URL, INDEXER_URL: the same environment as the web server).
 */
import { BORROWER_DECISION_WINDOW_MS, formatUsdc } from "@lending/sdk";
import { parseUnits, type Address, type WalletClient } from "viem";
import type { Database } from "../../../apps/web/src/server/db/client";
import {
  completeReturn,
  optedOutWithoutReturn,
  ticketById,
  unfinishedReturns,
  type LoanTicketRow,
} from "../../../apps/web/src/server/repositories/loan-tickets";
import {
  createLoanTicket,
  forcedWithdrawalOf,
  LoanTicketError,
  releaseReturn,
  reserveReturn,
  trancheNames,
  type TicketChain,
  type CreateTicketArgs,
  type TicketMailSetup,
} from "../../../apps/web/src/server/services/manage/loan-tickets";
import { auditTransaction } from "../../../apps/web/src/server/services/manage/tx-audit";
import { parseServerConfig } from "../../../apps/web/src/config/server";
import type { EnvInput } from "../../../apps/web/src/config/schema";
import { CompilotKycProvider } from "../../../apps/web/src/server/services/kyc/compilot";
import { LocalKycProvider } from "../../../apps/web/src/server/services/kyc/local";
import { paths } from "../lib/paths";
import { opsChain, opsEnv } from "./chain";
import { parseArgs, UsageError, withDatabase, type DbCommand } from "./db-commands";
import { runForceWithdrawal } from "./force-withdrawal";

export type ReturnedFunds = {
  user: string;
  nftId?: bigint;
  shares?: bigint;
  /** the lender's exposure to the loan (USDC), what the shares are worth when sent */
  exposure?: bigint;
  skipped?: string;
};

/**
 * Returns the funds of every lender who opted out of `ticketId` and has none returned yet: a
 * forced withdrawal of the lender's part of the loan, no more: the lender's exposure
 * (`readLenderExposure`: the loan pro rata to the lender's share of the tranche when the ticket
 * was recorded; deposits made after it do not back the loan), converted to shares at the
 * tranche's totals now with the chain's rounding (`exposureShares`), at most its free shares
 * (`returnShares`, shared with the console). The return is reserved before the withdrawal is
 * signed (`reserveReturn`, the console's reservation), so a second run, two at once or an
 * operator in the console never send a second one; a refused or reverted withdrawal releases it
 * (`releaseReturn`); a run that stopped after sending is finished from the chain's
 * `WithdrawalForced` events. A lender with nothing left is reported and skipped.
 */
export async function returnOptedOutFunds(
  db: Database,
  chain: TicketChain & { walletClient: WalletClient },
  ticketId: number,
): Promise<ReturnedFunds[]> {
  const ticket = await ticketById(db, ticketId);
  if (!ticket) throw new UsageError(`No loan ticket ${ticketId}.`);
  const poolId = BigInt(ticket.poolId);
  const trancheId = BigInt(ticket.trancheId);
  await trancheNames(chain, poolId, trancheId).catch(asUsageError);
  const results: ReturnedFunds[] = await finishUnrecordedReturns(db, chain, ticket);
  const actor = chain.walletClient.account!.address;
  for (const user of await optedOutWithoutReturn(db, ticketId)) {
    // reserved before signing (the console's reservation: one return per lender, whoever sends)
    let reserved: { shares: string; exposure: string };
    try {
      reserved = await reserveReturn(db, chain, { ticket, user: user as Address, actor });
    } catch (e) {
      if (!(e instanceof LoanTicketError)) throw e;
      results.push({ user, skipped: e.message });
      continue;
    }
    const shares = BigInt(reserved.shares);
    const exposure = BigInt(reserved.exposure);
    const sent = await runForceWithdrawal(chain, {
      pool: poolId,
      tranche: trancheId,
      user: user as Address,
      shares,
      reason: `Loan ticket ${ticketId}: the lender opted out`,
    }).catch(async (e: unknown) => {
      // refused before sending, or reverted: nothing moved, the return may be sent again
      if (e instanceof UsageError) {
        await releaseReturn(db, chain, { ticket, user: user as Address, actor, force: true });
      }
      throw e;
    });
    await completeReturn(db, {
      ticketId,
      userAddress: user,
      nftId: String(sent.nftId),
      transactionHash: sent.hash,
    });
    // the operator audit trail, as the console records a return
    await auditTransaction(db, {
      client: chain.publicClient,
      deployment: chain.deployment,
      chainId: ticket.chainId,
      actor: chain.walletClient.account!.address,
      hash: sent.hash,
      reason: `Loan ticket ${ticketId}: the lender opted out`,
    });
    results.push({ user, nftId: sent.nftId, shares, exposure });
  }
  return results;
}

/**
 * Returns recorded before their withdrawal was sent, by a run that stopped: the withdrawal of
 * that lender and tranche with those shares, forced since the ticket, completes the record; none
 * found is reported (the withdrawal was not sent: delete the row to send it again).
 */
async function finishUnrecordedReturns(
  db: Database,
  chain: TicketChain,
  ticket: LoanTicketRow,
): Promise<ReturnedFunds[]> {
  const rows = await unfinishedReturns(db, ticket.id);
  const results: ReturnedFunds[] = [];
  for (const row of rows) {
    const sent = await forcedWithdrawalOf(chain, ticket, row.userAddress, BigInt(row.shares));
    if (!sent) {
      results.push({ user: row.userAddress, skipped: "recorded, but no forced withdrawal found" });
      continue;
    }
    await completeReturn(db, {
      ticketId: ticket.id,
      userAddress: row.userAddress,
      nftId: String(sent.nftId),
      transactionHash: sent.transactionHash,
    });
    results.push({ user: row.userAddress, nftId: sent.nftId, shares: BigInt(row.shares) });
  }
  return results;
}

/** The shared service's errors are the command line's usage errors. */
const asUsageError = (e: unknown): never => {
  throw e instanceof LoanTicketError ? new UsageError(e.message) : e;
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const required = (flags: Record<string, string>, name: string) => {
  const v = flags[name]?.trim();
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
};
const wholeId = (flags: Record<string, string>, name: string) => {
  const v = required(flags, name);
  if (!/^\d{1,30}$/.test(v)) {
    throw new UsageError(`--${name} must be a whole number (ids start at 0)`);
  }
  return BigInt(v);
};

/** Parses `loan-tickets:create`'s flags; a UsageError names the first bad one. */
export function parseCreateTicketArgs(args: string[], chainId: number): CreateTicketArgs {
  const { flags, positional } = parseArgs(args);
  if (positional.length) throw new UsageError(`Unexpected argument ${positional[0]}`);
  const poolId = wholeId(flags, "pool");
  const trancheId = wholeId(flags, "tranche");
  const endBorrowerId = required(flags, "borrower-id");
  const endBorrowerName = required(flags, "borrower-name");
  const assets = required(flags, "assets");
  if (!/^\d{1,15}(\.\d{1,6})?$/.test(assets) || parseUnits(assets, 6) === 0n) {
    throw new UsageError("--assets must be a USDC amount above 0");
  }
  const user = flags.user;
  if (user !== undefined && !ADDRESS.test(user)) throw new UsageError("--user must be an address");
  const createdOn = flags["created-on"] === undefined ? undefined : new Date(flags["created-on"]);
  if (createdOn && (Number.isNaN(createdOn.getTime()) || createdOn.getTime() > Date.now())) {
    throw new UsageError("--created-on must be an ISO time, not in the future");
  }
  if (flags.chain !== undefined && Number(flags.chain) !== chainId) {
    throw new UsageError(`--chain ${flags.chain} is not CHAIN_ID ${chainId}`);
  }
  return {
    chainId,
    poolId,
    trancheId,
    endBorrowerId,
    endBorrowerName,
    assets,
    user: user?.toLowerCase() as Address | undefined,
    createdOn,
  };
}

export { createLoanTicket, type TicketChain, type TicketMailSetup };

/** What the ticket commands need besides their arguments: chain, indexer, mail and KYC setup. */
async function ticketContext(db: Database) {
  const env = opsEnv();
  const config = parseServerConfig(process.env as EnvInput, paths.root);
  const chain = await opsChain(env);
  const kyc =
    config.kyc.provider === "compilot" && config.kyc.compilot
      ? new CompilotKycProvider(config.kyc.compilot)
      : new LocalKycProvider(db);
  const origin = config.appUrl ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return {
    env,
    chain: { ...chain, indexerUrl: config.indexerUrl },
    setup: {
      mail: config.mail,
      appName: config.appName,
      portfolioUrl: `${origin.replace(/\/+$/, "")}/portfolio`,
      emailOf: async (address: Address) => (await kyc.getCustomer(address)).email ?? null,
    } satisfies TicketMailSetup,
  };
}

export const ticketCommands: Record<string, DbCommand> = {
  "loan-tickets:create": {
    description:
      "Record a borrower identified for a tranche's funds; tell (and mail) each lender whose funds back it",
    usage:
      "loan-tickets:create --pool <id> --tranche <id> --borrower-id <id> --borrower-name <name> --assets <USDC> [--user <address>] [--created-on <ISO time>]",
    async run(args) {
      const chainId = opsEnv().CHAIN_ID;
      const parsed = parseCreateTicketArgs(args, chainId);
      const { ticket, notified, mailed } = await withDatabase(async ({ db }) => {
        const ctx = await ticketContext(db);
        return createLoanTicket(db, ctx.chain, parsed, ctx.setup).catch(asUsageError);
      });
      console.log(
        `Loan ticket ${ticket.id} created (${ticket.endBorrowerName}, ${ticket.assets} USDC, pool ${ticket.poolId}, tranche ${ticket.trancheId}); ${notified} lender${notified === 1 ? "" : "s"} told, ${mailed} mailed; the decision window closes ${new Date(ticket.createdOn.getTime() + BORROWER_DECISION_WINDOW_MS).toISOString()}.`,
      );
    },
  },
  "loan-tickets:return-funds": {
    description:
      "Return the funds of lenders who opted out of a ticket (forced withdrawals of their part of the loan)",
    usage: "loan-tickets:return-funds --ticket <id>",
    async run(args) {
      const { flags, positional } = parseArgs(args);
      if (positional.length) throw new UsageError(`Unexpected argument ${positional[0]}`);
      const ticketId = Number(wholeId(flags, "ticket"));
      const results = await withDatabase(async ({ db }) => {
        const ctx = await ticketContext(db);
        return returnOptedOutFunds(db, ctx.chain, ticketId);
      });
      if (results.length === 0)
        console.log(`Ticket ${ticketId}: no opted-out lender waits for a return.`);
      for (const r of results) {
        console.log(
          r.skipped
            ? `${r.user}: skipped (${r.skipped})`
            : `${r.user}: ${r.shares} shares returned through forced withdrawal request ${r.nftId}` +
                (r.exposure === undefined
                  ? ""
                  : ` (the lender's part of the loan: ${formatUsdc(r.exposure)} USDC, paid to the wallet at the next clearing)`),
        );
      }
    },
  },
};
