/**
 * The mail after a loss report (issue 22 item 10): one per lender of the pool with an email on
 * file, naming the pool, the tranches hit, the date and the change of their positions. The
 * lenders and their changes come from the indexer (GET /loss-lenders, which waits for nothing:
 * {@link mailLossReport} first waits until the indexer has the report's block). Mail goes through
 * the mailer: recorded in the outbox (the local /dev/outbox shows it), then delivered over SMTP
 * when configured; a refused delivery is taken out of the outbox. Shared by the ops CLI
 * (loss:report, default:play) and the dev panel. No "@/" imports: the ops script imports it.
 */
import { lossMail, type HistoryLoss, type PoolLoss } from "@lending/sdk";
import type { Address, Hash } from "viem";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { lossMails } from "../db/schema";
import { Mailer, type Mail } from "./mail";

export type LossMailSetup = {
  /** the indexer's HTTP API (INDEXER_URL), no trailing slash */
  indexerUrl: string;
  mail: { smtpUrl?: string; from: string };
  /** the lender's portfolio page, named in the mail */
  portfolioUrl: string;
  /** the chain's explorer (no trailing slash); without one the mail names the hash */
  explorerUrl?: string;
  emailOf: (address: Address) => Promise<string | null | undefined>;
  /** how long to wait for the indexer to see the report (default 60 s) */
  timeoutMs?: number;
};

/** The explorer a mail links a transaction to (none on the local chain). */
export function explorerOf(chainId: number): string | undefined {
  return { 8453: "https://basescan.org", 84532: "https://sepolia.basescan.org" }[chainId];
}

export class LossMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LossMailError";
  }
}

/**
 * GET JSON from the indexer. A failed connection is tried again (3 times in all, 250 ms apart): a
 * kept-alive socket the indexer has just closed fails one request without anything being wrong.
 */
async function getJson<T>(url: string): Promise<T> {
  let res: Response | undefined;
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    } catch (e) {
      if (attempt >= 3) {
        throw new LossMailError(
          `The indexer (INDEXER_URL) is unreachable at ${url}: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  if (!res.ok) throw new LossMailError(`The indexer answered ${res.status} for ${url}`);
  return (await res.json()) as T;
}

/** The block the indexer has finished (Ponder's GET /status). */
async function indexedBlock(indexerUrl: string): Promise<bigint> {
  const status = await getJson<Record<string, { block?: { number?: number } }>>(
    `${indexerUrl}/status`,
  );
  return BigInt(Object.values(status)[0]?.block?.number ?? -1);
}

/** Waits until the indexer has the loss reported in `hash` on `poolId`; answers it. */
export async function indexedLoss(
  setup: Pick<LossMailSetup, "indexerUrl" | "timeoutMs">,
  poolId: bigint,
  hash: Hash,
): Promise<PoolLoss> {
  const deadline = Date.now() + (setup.timeoutMs ?? 60_000);
  for (;;) {
    const { items } = await getJson<{ items: PoolLoss[] }>(
      `${setup.indexerUrl}/losses?pool=${poolId}&pageSize=100`,
    );
    const loss = items.find((l) => l.transactionHash === hash.toLowerCase());
    // the loss row can show before the block's other rows (the lenders'): wait until the
    // indexer reports the whole block done
    if (loss && (await indexedBlock(setup.indexerUrl)) >= BigInt(loss.blockNumber)) return loss;
    if (Date.now() > deadline) {
      throw new LossMailError(`The indexer has not seen the loss report ${hash} yet: try again.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every lender of the pool at the loss, with their positions' changes (page by page). */
export async function lossLenders(
  setup: Pick<LossMailSetup, "indexerUrl">,
  lossId: string,
): Promise<HistoryLoss[]> {
  const all: HistoryLoss[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ loss: lossId, page: String(page), pageSize: "100" });
    const body = await getJson<{ items: HistoryLoss[]; hasMore: boolean }>(
      `${setup.indexerUrl}/loss-lenders?${params}`,
    );
    all.push(...body.items);
    if (!body.hasMore) return all;
  }
}

/**
 * Mails every lender of the pool with an email on file about the loss reported in `hash`, once:
 * a lender already mailed about this loss is not mailed again. Answers how many lenders the pool
 * had, how many were mailed now and how many had been mailed before.
 */
export async function mailLossReport(
  db: Database,
  setup: LossMailSetup,
  { poolId, hash, reason }: { poolId: bigint; hash: Hash; reason?: string },
): Promise<{ lenders: number; mailed: number; alreadyMailed: number }> {
  const loss = await indexedLoss(setup, poolId, hash);
  const lenders = await lossLenders(setup, loss.id);
  const transaction = setup.explorerUrl ? `${setup.explorerUrl}/tx/${loss.transactionHash}` : hash;
  const mails: (Mail & { owner: string })[] = [];
  for (const lender of lenders) {
    const to = (await setup.emailOf(lender.owner as Address))?.trim();
    if (!to) continue;
    const owner = lender.owner.toLowerCase();
    const { subject, text } = lossMail(
      lender,
      loss,
      { transaction, portfolio: setup.portfolioUrl },
      undefined,
      reason,
    );
    mails.push({ owner, to, subject, text });
  }
  const mailer = new Mailer(setup.mail);
  // One mail per lender and loss, ever: a lender already mailed about this loss (a second run)
  // is skipped; the claim and the outbox row are written together.
  const claimed = await db.transaction(async (tx) => {
    const out: { mail: (typeof mails)[number]; outboxId: number }[] = [];
    for (const mail of mails) {
      const seen = await tx
        .select({ owner: lossMails.owner })
        .from(lossMails)
        .where(and(eq(lossMails.lossId, loss.id), eq(lossMails.owner, mail.owner)));
      if (seen.length > 0) continue;
      const outboxId = await mailer.record(tx, mail);
      await tx.insert(lossMails).values({ lossId: loss.id, owner: mail.owner, outboxId });
      out.push({ mail, outboxId });
    }
    return out;
  });
  let mailed = 0;
  for (const { mail, outboxId } of claimed) {
    try {
      await mailer.deliver(mail);
      mailed++;
    } catch (error) {
      console.error(`[loss-mail] mail to ${mail.to} failed:`, error);
      // undone: the next run tries this lender again
      await db.transaction(async (tx) => {
        await tx
          .delete(lossMails)
          .where(and(eq(lossMails.lossId, loss.id), eq(lossMails.owner, mail.owner)));
        await mailer.discard(tx, outboxId);
      });
    }
  }
  return { lenders: lenders.length, mailed, alreadyMailed: mails.length - claimed.length };
}
