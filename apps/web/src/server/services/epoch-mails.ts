/**
 * Epoch mails (issue 28 item 4): after a pool's epoch is cleared, one mail to each lender with a
 * processed request of that epoch and an email on file, saying what was accepted, moved, returned
 * or rolled over, and the interest the epoch paid on their positions in the pool. Once per pool,
 * epoch and lender (`epoch_mails`, written with the outbox row as the loss mails' `loss_mails`),
 * so a keeper run twice never mails twice. Each mail carries one unsubscribe link: an HMAC-signed
 * token of the lender's address for this purpose only, no sign-in needed. Lenders who opted out
 * (`epoch_mail_opt_outs`, by the link or the portfolio's setting) get none. Called by the keeper
 * after each clearing. No "@/" imports: the keeper imports it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  buildEpochMail,
  lendingPoolManagerAbi,
  PoolNotFoundError,
  readPool,
  readLogsInRanges,
  readPoolInterestBetween,
  type EpochMailRequest,
} from "@lending/sdk";
import type { Deployment } from "@lending/sdk/deployments";
import { and, eq } from "drizzle-orm";
import { getAddress, isAddress, type Address, type Client } from "viem";
import { getContractEvents, getBlock, readContract } from "viem/actions";
import type { Database } from "../db/client";
import type { Executor } from "../db/types";
import { epochMailOptOuts, epochMails } from "../db/schema";
import { Mailer, type Mail } from "./mail";

/** What the token signs: this purpose and nothing else. */
const PURPOSE = "epoch-mails:unsubscribe:v1";

function mac(secret: string, chainId: number, owner: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}:${chainId}:${owner}`).digest("base64url");
}

/**
 * The unsubscribe token of `owner` on the chain `chainId`: `<lowercase address>.<HMAC-SHA256>`.
 * The chain is signed too: a link from one deployment unsubscribes nobody on another that shares
 * the secret.
 */
export function unsubscribeToken(secret: string, chainId: number, owner: string): string {
  const address = owner.toLowerCase();
  return `${address}.${mac(secret, chainId, address)}`;
}

/** The lowercase address a token was signed for on `chainId`, or null for a bad or forged token. */
export function verifyUnsubscribeToken(
  secret: string,
  chainId: number,
  token: string,
): string | null {
  const [address, signature, ...rest] = token.split(".");
  if (!address || !signature || rest.length > 0 || !isAddress(address, { strict: false })) {
    return null;
  }
  if (address !== address.toLowerCase()) return null;
  const expected = Buffer.from(mac(secret, chainId, address));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return address;
}

/** Whether `owner` gets epoch mails (on unless opted out). */
export async function epochMailsOn(db: Executor, owner: string): Promise<boolean> {
  const rows = await db
    .select({ owner: epochMailOptOuts.owner })
    .from(epochMailOptOuts)
    .where(eq(epochMailOptOuts.owner, owner.toLowerCase()));
  return rows.length === 0;
}

/** Turns epoch mails on or off for `owner` (idempotent); answers the new setting. */
export async function setEpochMails(db: Executor, owner: string, on: boolean): Promise<boolean> {
  const address = owner.toLowerCase();
  if (on) await db.delete(epochMailOptOuts).where(eq(epochMailOptOuts.owner, address));
  else await db.insert(epochMailOptOuts).values({ owner: address }).onConflictDoNothing();
  return on;
}

/** One lender's outcome of a clearing. */
export type LenderOutcome = { owner: Address; requests: EpochMailRequest[]; interest: bigint };

/**
 * What a clearing did for each lender with a request in it: the requests of (pool, epoch) from
 * their `RequestCreated` events, their results from `requestStatus`, and the interest of the epoch
 * on the lender's positions in the pool, variable shares and fixed-term locks alike: the pool's
 * figures just before the clearing's block and at it ({@link readPoolInterestBetween}, the
 * statements' rule). Answers nothing before the epoch is cleared.
 *
 * Four log reads per clearing, however many lenders: `EpochCleared`, `RequestCreated`, and the
 * fixed-term events of all the lenders together, each from the deployment block: one
 * `eth_getLogs` each where the provider allows it, the range in parts where it caps it
 * (`readLogsInRanges`).
 */
export async function readEpochOutcome(
  client: Client,
  deployment: Deployment,
  poolId: bigint,
  epoch: bigint,
): Promise<{ poolName: string; clearedAt: Date; lenders: LenderOutcome[] } | null> {
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const fromBlock = BigInt(deployment.deployBlock);
  const [cleared] = await readLogsInRanges(client, { fromBlock }, (range) =>
    getContractEvents(client, {
      ...lpm,
      eventName: "EpochCleared",
      args: { poolId, epoch },
      ...range,
    }),
  );
  if (!cleared?.blockNumber) return null;
  const block = cleared.blockNumber;
  const created = await readLogsInRanges(client, { fromBlock, toBlock: block }, (range) =>
    getContractEvents(client, { ...lpm, eventName: "RequestCreated", args: { poolId }, ...range }),
  );
  const ids = [...new Set(created.filter((e) => e.args.epoch === epoch).map((e) => e.args.nftId!))];
  const [pool, header, views] = await Promise.all([
    readPool(client, deployment, poolId).catch((error: unknown) => {
      if (error instanceof PoolNotFoundError) return null;
      throw error;
    }),
    getBlock(client, { blockNumber: block }),
    Promise.all(
      ids.map((id) => readContract(client, { ...lpm, functionName: "requestStatus", args: [id] })),
    ),
  ]);
  if (!pool) return null;
  const tranches = await Promise.all(
    pool.tranches.map(async (t) => {
      const prices = await readContract(client, {
        ...lpm,
        functionName: "getEpochPrices",
        args: [poolId, epoch, t.id],
      });
      return { name: t.name, prices };
    }),
  );
  // the contract's RequestStatus: 2 = Cleared, 4 = Settled
  const processed = views.filter((v) => v.status === 2 || v.status === 4);
  const owners = [...new Set(processed.map((v) => getAddress(v.owner)))];
  const interest = await readPoolInterestBetween(client, deployment, {
    pool,
    users: owners,
    from: block - 1n,
    to: block,
  });
  const lenders = owners.map((owner): LenderOutcome => {
    const mine = processed.filter((v) => getAddress(v.owner) === owner);
    const requests = mine.map((v): EpochMailRequest => {
      const t = tranches[Number(v.trancheId)]!;
      const price = (shares: bigint) =>
        t.prices.withdrawalShares === 0n
          ? 0n
          : (shares * t.prices.withdrawalAssets) / t.prices.withdrawalShares;
      return v.kind === 0
        ? {
            nftId: v.nftId,
            trancheName: t.name,
            kind: "Deposit",
            forced: false,
            amount: v.amount,
            accepted: v.accepted,
            moved: v.reallocated,
            rejected: v.rejected,
          }
        : {
            nftId: v.nftId,
            trancheName: t.name,
            kind: "Withdrawal",
            forced: v.forced,
            amount: price(v.amount),
            accepted: v.assets,
            moved: 0n,
            rejected: price(v.rejected),
          };
    });
    return { owner, requests, interest: interest.get(owner) ?? 0n };
  });
  return {
    poolName: pool.poolName,
    clearedAt: new Date(Number(header.timestamp) * 1000),
    lenders,
  };
}

export type EpochMailSetup = {
  client: Client;
  deployment: Deployment;
  mail: { smtpUrl?: string; from: string; linkSecret?: string };
  /** the site's origin (no trailing slash): the portfolio and the unsubscribe page */
  origin: string;
  emailOf: (address: Address) => Promise<string | null | undefined>;
};

/**
 * Mails each lender with a processed request of `epoch` of `poolId` (an email on file, not opted
 * out), once. Answers how many lenders had a request, were mailed now, and had been mailed before.
 * Without a link secret (MAIL_LINK_SECRET) nothing is sent: a mail must carry its unsubscribe link.
 */
export async function mailEpochClearing(
  db: Database,
  setup: EpochMailSetup,
  { poolId, epoch }: { poolId: bigint; epoch: bigint },
): Promise<{ lenders: number; mailed: number; alreadyMailed: number }> {
  const secret = setup.mail.linkSecret;
  const outcome = secret
    ? await readEpochOutcome(setup.client, setup.deployment, poolId, epoch)
    : null;
  if (!secret || !outcome) return { lenders: 0, mailed: 0, alreadyMailed: 0 };
  const origin = setup.origin.replace(/\/+$/, "");
  const mails: (Mail & { owner: string })[] = [];
  for (const lender of outcome.lenders) {
    const owner = lender.owner.toLowerCase();
    if (!(await epochMailsOn(db, owner))) continue;
    const to = (await setup.emailOf(lender.owner))?.trim();
    if (!to) continue;
    const token = unsubscribeToken(secret, setup.deployment.chainId, owner);
    const { subject, text } = buildEpochMail({
      poolName: outcome.poolName,
      epoch,
      clearedAt: outcome.clearedAt,
      requests: lender.requests,
      interest: lender.interest,
      offsetMinutes: 0,
      links: {
        portfolio: `${origin}/portfolio`,
        unsubscribe: `${origin}/unsubscribe?token=${encodeURIComponent(token)}`,
      },
    });
    mails.push({ owner, to, subject, text });
  }
  const mailer = new Mailer(setup.mail);
  const pool = poolId.toString();
  const ep = epoch.toString();
  const key = (owner: string) =>
    and(eq(epochMails.poolId, pool), eq(epochMails.epoch, ep), eq(epochMails.owner, owner));
  // One mail per lender, pool and epoch, ever: the claim and the outbox row are written together.
  const claimed = await db.transaction(async (tx) => {
    const out: { mail: (typeof mails)[number]; outboxId: number }[] = [];
    for (const mail of mails) {
      const seen = await tx
        .select({ owner: epochMails.owner })
        .from(epochMails)
        .where(key(mail.owner));
      if (seen.length > 0) continue;
      const outboxId = await mailer.record(tx, mail);
      await tx.insert(epochMails).values({ poolId: pool, epoch: ep, owner: mail.owner, outboxId });
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
      console.error(`[epoch-mail] mail to ${mail.to} failed:`, error);
      // undone: the next run tries this lender again
      await db.transaction(async (tx) => {
        await tx.delete(epochMails).where(key(mail.owner));
        await mailer.discard(tx, outboxId);
      });
    }
  }
  return {
    lenders: outcome.lenders.length,
    mailed,
    alreadyMailed: mails.length - claimed.length,
  };
}
