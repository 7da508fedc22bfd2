/**
 * After a loss report (issue 27, the console's "Report loss" step and the ops CLI's
 * `loss:report` / `loss:mail` / `default:play`): the mail to each lender of the pool with an
 * email on file, with the pool manager's reason (the one recorded with the report in the audit
 * trail unless given), once per lender and loss event ({@link mailLossReport}: recorded in the
 * outbox with the claim, as the epoch mails are). The reason is also what lenders read beside
 * the loss in the app ({@link lossReasons}). No "@/" imports: the ops CLI imports this file.
 */
import { lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import { and, eq, inArray } from "drizzle-orm";
import { parseEventLogs, type Hash, type PublicClient } from "viem";
import type { Database } from "../../db/client";
import type { Executor } from "../../db/types";
import { consoleAudit } from "../../db/schema";
import { mailLossReport, type LossMailSetup } from "../loss-notices";

export class LossReportError extends Error {
  override name = "LossReportError";
}

/** The audit trail's action of a loss report (tx-audit's name of `reportLoss`). */
const LOSS_ACTION = "loss:report";

/**
 * The pool manager's reasons recorded with the loss reports in these transactions (by lowercase
 * hash; none when the report was recorded without one). Pool-level, public: lenders and visitors
 * read it beside the loss.
 */
export async function lossReasons(
  db: Executor,
  chainId: number,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(hashes.map((h) => h.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ txHash: consoleAudit.txHash, reason: consoleAudit.reason })
    .from(consoleAudit)
    .where(
      and(
        eq(consoleAudit.chainId, chainId),
        eq(consoleAudit.action, LOSS_ACTION),
        inArray(consoleAudit.txHash, wanted),
      ),
    );
  return new Map(
    rows.filter((r) => r.txHash && r.reason.trim()).map((r) => [r.txHash!, r.reason.trim()]),
  );
}

/** The pool of the loss reported in `hash` (a mined `reportLoss` to the LendingPoolManager). */
export async function reportedLossPool(
  client: PublicClient,
  deployment: Deployment,
  hash: Hash,
): Promise<bigint> {
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (!receipt || receipt.status !== "success") {
    throw new LossReportError("This transaction is not a mined, successful one on this chain");
  }
  const [event] = parseEventLogs({
    abi: lendingPoolManagerAbi,
    eventName: "LossReported",
    logs: receipt.logs.filter(
      (l) => l.address.toLowerCase() === deployment.lendingPoolManager.toLowerCase(),
    ),
  });
  if (!event) throw new LossReportError("This transaction reported no loss");
  return event.args.poolId;
}

/**
 * Mails every lender of `poolId` with an email on file about the loss reported in `hash`, with
 * `reason` or else the reason recorded with the report; a lender already mailed about this loss
 * is not mailed again.
 */
export async function announceLoss(
  db: Database,
  setup: LossMailSetup & { chainId: number },
  args: { poolId: bigint; hash: Hash; reason?: string },
): Promise<{ lenders: number; mailed: number; alreadyMailed: number }> {
  const reason =
    args.reason?.trim() || (await lossReasons(db, setup.chainId, [args.hash])).get(args.hash);
  return mailLossReport(db, setup, {
    poolId: args.poolId,
    hash: args.hash,
    reason: reason || undefined,
  });
}
