/**
 * The pool page's figures and its CSV reports (issue 28 items 1 and 2): the range selector, the
 * per-epoch figures of the charts (total value, capacity, drawn principal, utilisation, share
 * price), and the three downloads (investor transactions, pool balance per epoch, repayment
 * table). Money stays bigint in smallest units; decimals only at display. Every cell goes
 * through {@link toCsv}, which neutralises text a spreadsheet would run as a formula.
 */
import { formatUnits } from "viem";
import type { PoolEpoch, PoolEpochTranche, PoolTransaction } from "../entities/history";
import { fill, poolPage } from "../i18n";
import type { HistoricalRepayment } from "../reads/repayments";
import { epochRateToApy } from "./apy";
import { toCsv } from "./csv";
import { USDC_DECIMALS } from "./format";
import { SHARE_DECIMALS } from "./history";

/** The pool page's period selector: the 30 or 90 days up to the newest clearing, or all. */
export const POOL_RANGES = ["30d", "90d", "all"] as const;
export type PoolRange = (typeof POOL_RANGES)[number];

/** A `?range=` value, "all" for anything else (a missing or unknown value). */
export function parsePoolRange(value: unknown): PoolRange {
  return POOL_RANGES.includes(value as PoolRange) ? (value as PoolRange) : "all";
}

const DAY_SECONDS = 86_400;

/**
 * The epochs of `range`: the clearings of the 30 or 90 days up to the newest one (so a pool whose
 * last clearing is a while ago still shows its last period), or all of them. Keeps the order.
 */
export function epochsInRange<T extends { timestamp: number }>(
  epochs: readonly T[],
  range: PoolRange,
): T[] {
  if (range === "all" || epochs.length === 0) return [...epochs];
  const newest = Math.max(...epochs.map((e) => e.timestamp));
  const days = range === "30d" ? 30 : 90;
  return epochs.filter((e) => e.timestamp > newest - days * DAY_SECONDS);
}

/**
 * A tranche's share price at a clearing, in USDC smallest units per whole share (10^12 share
 * units): the contract's `assetsPerShare` is USDC units per share unit scaled by 10^18, rounded
 * down. Null when the clearing recorded no price (a tranche without shares).
 *
 * @example sharePriceUsdc(1_000_000_000_000n) // 1_000_000n (1 USDC a share)
 */
export function sharePriceUsdc(assetsPerShare: bigint): bigint | null {
  if (assetsPerShare === 0n) return null;
  return (assetsPerShare * 10n ** BigInt(SHARE_DECIMALS)) / 10n ** 18n;
}

/** The pool's figures after one clearing; null where the index did not record them. */
export type PoolEpochFigures = {
  totalValue: bigint | null;
  capacity: bigint | null;
  drawn: bigint | null;
  /** drawn principal as a fraction of the total value; null without both or with no value */
  utilisation: number | null;
};

function sum(values: (string | null)[]): bigint | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values.reduce((a, v) => a + BigInt(v!), 0n);
}

/** Total value, capacity, drawn principal and utilisation of the pool after `epoch`'s clearing. */
export function poolEpochFigures(epoch: PoolEpoch): PoolEpochFigures {
  const totalValue = sum(epoch.tranches.map((t) => t.totalAssets));
  const capacity = sum(epoch.tranches.map((t) => t.capacity));
  const drawn = epoch.drawnPrincipal === null ? null : BigInt(epoch.drawnPrincipal);
  const utilisation =
    totalValue !== null && drawn !== null && totalValue > 0n
      ? Number((drawn * 1_000_000n) / totalValue) / 1_000_000
      : null;
  return { totalValue, capacity, drawn, utilisation };
}

/** The tranches seen in `epochs`, most senior (highest id) first, named as in the newest. */
export function tranchesBySeniority(
  epochs: readonly PoolEpoch[],
): Pick<PoolEpochTranche, "trancheId" | "trancheName">[] {
  const byId = new Map<string, string>();
  for (const e of epochs) for (const t of e.tranches) byId.set(t.trancheId, t.trancheName);
  return [...byId.entries()]
    .sort(([a], [b]) => Number(BigInt(b) - BigInt(a)))
    .map(([trancheId, trancheName]) => ({ trancheId, trancheName }));
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const usdc = (v: bigint | null) => (v === null ? "" : formatUnits(v, USDC_DECIMALS));
const percent = (fraction: number | null, digits: number) =>
  fraction === null ? "" : (fraction * 100).toFixed(digits);

const c = poolPage.csv;

/** Events whose `amount` is USDC; the others (withdrawal requests, rejections...) are shares. */
function amountIsUsdc(t: Pick<PoolTransaction, "kind" | "type">): boolean {
  return t.kind === "Deposit" || t.type === "Accepted";
}

/**
 * The investor transactions report: one row per event of the lenders' requests in the pool,
 * oldest first. Lenders appear by their address as on chain, nothing else.
 */
export function poolTransactionsCsv(items: readonly PoolTransaction[]): string {
  const header = [
    c.time,
    c.epoch,
    c.nftId,
    c.requestType,
    c.event,
    c.lender,
    c.tranche,
    c.toTranche,
    c.amount,
    c.unit,
    c.usdcValue,
    c.transaction,
  ];
  const rows = items.map((t) => {
    const isUsdc = amountIsUsdc(t);
    const amount = BigInt(t.amount);
    const value = isUsdc ? amount : t.value === null ? null : BigInt(t.value);
    return [
      iso(t.timestamp),
      t.epoch,
      t.nftId,
      t.kind,
      t.type,
      t.owner,
      t.trancheName,
      t.toTrancheName ?? "",
      formatUnits(amount, isUsdc ? USDC_DECIMALS : SHARE_DECIMALS),
      isUsdc ? c.usdc : c.shares,
      usdc(value),
      t.transactionHash,
    ];
  });
  return toCsv(header, rows);
}

/**
 * The pool balance report: one row per clearing (oldest first) with the pool's total value,
 * capacity, drawn principal, utilisation and the clearing's flows, then per tranche (most senior
 * first) its value, APY and share price.
 */
export function poolBalanceCsv(epochs: readonly PoolEpoch[]): string {
  const tranches = tranchesBySeniority(epochs);
  const header = [
    c.epoch,
    c.clearedAt,
    c.totalValue,
    c.capacity,
    c.drawn,
    c.utilisation,
    c.interest,
    c.fee,
    c.depositsAccepted,
    c.withdrawalsPaid,
    ...tranches.flatMap((t) => [
      fill(c.trancheValue, { tranche: t.trancheName }),
      fill(c.trancheApy, { tranche: t.trancheName }),
      fill(c.tranchePrice, { tranche: t.trancheName }),
    ]),
  ];
  const rows = epochs.map((e) => {
    const f = poolEpochFigures(e);
    return [
      e.epoch,
      iso(e.timestamp),
      usdc(f.totalValue),
      usdc(f.capacity),
      usdc(f.drawn),
      percent(f.utilisation, 2),
      usdc(BigInt(e.interest)),
      usdc(BigInt(e.fee)),
      usdc(BigInt(e.depositsAccepted)),
      usdc(BigInt(e.withdrawalsPaid)),
      ...tranches.flatMap(({ trancheId }) => {
        const t = e.tranches.find((x) => x.trancheId === trancheId);
        if (!t) return ["", "", ""];
        return [
          usdc(t.totalAssets === null ? null : BigInt(t.totalAssets)),
          percent(epochRateToApy(BigInt(t.epochInterestRate)), 4),
          usdc(sharePriceUsdc(BigInt(t.assetsPerShare))),
        ];
      }),
    ];
  });
  return toCsv(header, rows);
}

/** The published loan-book figures, in the order the report and the page show them. */
export const REPAYMENT_FIELDS = [
  "openingLoanBalance",
  "newFundingDrawdowns",
  "principalInterestRepayments",
  "closingLoanBalance",
  "interestPaymentComponent",
  "arrears",
  "unrecoverableLosses",
] as const satisfies readonly (keyof HistoricalRepayment)[];

/** The repayment table report: one row per epoch with published figures, oldest first. */
export function repaymentsCsv(rows: readonly HistoricalRepayment[]): string {
  const header = [c.epoch, c.epochStart, ...REPAYMENT_FIELDS.map((f) => c[f])];
  return toCsv(
    header,
    rows.map((r) => [
      r.epoch.toString(),
      iso(r.epochStart),
      ...REPAYMENT_FIELDS.map((f) => formatUnits(r[f], USDC_DECIMALS)),
    ]),
  );
}
