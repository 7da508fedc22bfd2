/**
 * Rules for showing a reported loss (issue 22 item 10): how a change of value is written (never
 * silently: a loss always shows its sign), which tranches a loss hit, which losses concern a
 * position, and the mail to a lender. Works on the indexer's JSON (decimal strings) and on
 * bigints alike.
 */
import type { HistoryLoss, PoolLoss } from "../entities/history";
import { fill, incidents } from "../i18n";
import { formatDateTime } from "./datetime-format";
import { formatUsdc } from "./format";

type Amount = bigint | string;
const big = (v: Amount) => (typeof v === "bigint" ? v : BigInt(v));

/**
 * A change of USDC value with its sign: "-300.00", "+12.50", "0.00".
 *
 * @example formatUsdcChange(-300_000_000n) // "-300.00"
 */
export function formatUsdcChange(change: Amount): string {
  const v = big(change);
  return v > 0n ? `+${formatUsdc(v)}` : formatUsdc(v);
}

/** The names of the tranches a loss took value from, junior first ("Junior, Mezzanine"). */
export function lossTrancheNames(
  tranches: readonly { trancheName: string; valueBefore: Amount; valueAfter: Amount }[],
): string {
  return tranches
    .filter((t) => big(t.valueBefore) !== big(t.valueAfter))
    .map((t) => t.trancheName)
    .join(", ");
}

/** What a pool loss took from each tranche, one line each ("Junior: 1,000.00 → 0.00 USDC"). */
export function trancheChangeLines(
  tranches: readonly { trancheName: string; valueBefore: Amount; valueAfter: Amount }[],
): string[] {
  return tranches.map((t) =>
    fill(incidents.trancheChange, {
      tranche: t.trancheName,
      before: formatUsdc(big(t.valueBefore)),
      after: formatUsdc(big(t.valueAfter)),
    }),
  );
}

type LossLike = {
  poolId: Amount;
  tranches: readonly { trancheId: number }[];
  timestamp: number;
};

/** The newest loss that changed the position in (`poolId`, `trancheId`), if any. */
export function latestLossOf<T extends LossLike>(
  losses: readonly T[],
  poolId: Amount,
  trancheId: number,
): T | undefined {
  return losses
    .filter(
      (l) => big(l.poolId) === big(poolId) && l.tranches.some((t) => t.trancheId === trancheId),
    )
    .sort((a, b) => b.timestamp - a.timestamp)[0];
}

/** A tranche position's value before and after a loss (variable + fixed-term). */
export function positionValues(t: {
  variableBefore: Amount;
  variableAfter: Amount;
  fixedTermBefore: Amount;
  fixedTermAfter: Amount;
}): { before: bigint; after: bigint; change: bigint } {
  const before = big(t.variableBefore) + big(t.fixedTermBefore);
  const after = big(t.variableAfter) + big(t.fixedTermAfter);
  return { before, after, change: after - before };
}

/**
 * The mail to a lender after a loss: subject and text naming the pool, the tranches hit, the
 * date and the change of each of their positions.
 */
export function lossMail(
  loss: HistoryLoss,
  pool: Pick<PoolLoss, "tranches">,
  links: { transaction: string; portfolio: string },
  offsetMinutes?: number,
  reason?: string,
): { subject: string; text: string } {
  const positions = loss.tranches.map((t) => {
    const v = positionValues(t);
    // a tranche the loss did not reach is said to be unaffected, never "changed by 0.00"
    return fill(v.change === 0n ? incidents.mailPositionUnchanged : incidents.mailPosition, {
      tranche: t.trancheName,
      before: formatUsdc(v.before),
      after: formatUsdc(v.after),
    });
  });
  return {
    subject: fill(incidents.mailSubject, { pool: loss.poolName }),
    text: fill(incidents.mailText, {
      date: formatDateTime(new Date(loss.timestamp * 1000), offsetMinutes),
      amount: formatUsdc(BigInt(loss.poolLoss)),
      pool: loss.poolName,
      tranches: lossTrancheNames(pool.tranches),
      change:
        big(loss.change) === 0n
          ? incidents.mailUnchanged
          : fill(incidents.mailChanged, { change: formatUsdcChange(loss.change) }),
      positions: positions.join("\n"),
      transaction: links.transaction,
      url: links.portfolio,
      reason: reason?.trim() ? fill(incidents.mailReason, { reason: reason.trim() }) : "",
    }),
  };
}

/** What a loss of `amount` would take from each tranche: one row per tranche, junior first. */
export type LossPreviewRow = { id: string; name: string; before: bigint; after: bigint };

/**
 * The contract's rule (`reportLoss`): the loss is taken from tranche 0 (the most junior) up to its
 * value (variable plus fixed-term ledgers), then from the next, and so on. Tranches in id order.
 *
 * @example previewLoss([{id:"0",name:"Junior",value:100n},{id:"1",name:"Senior",value:500n}], 150n)
 * // Junior 100 → 0, Senior 500 → 450
 */
export function previewLoss(
  tranches: readonly { id: string; name: string; value: Amount }[],
  amount: bigint,
): LossPreviewRow[] {
  let left = amount;
  return tranches.map((t) => {
    const before = big(t.value);
    const hit = left < before ? left : before;
    left -= hit;
    return { id: t.id, name: t.name, before, after: before - hit };
  });
}
