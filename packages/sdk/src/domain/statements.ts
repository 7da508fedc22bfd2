/**
 * The lender's statement for a month, a quarter or a year (issue 28 item 3). Its figures are the
 * portfolio's ({@link buildPortfolioSummary}, defined once in ./portfolio) taken at the period's
 * start and at its end, from the chain's state at those two blocks: a period's deposits,
 * withdrawals, interest and losses are what the cumulative figures moved by, so each position
 * and the total obey
 *
 *     opening + deposits - withdrawals + interest - fees - losses = closing
 *
 * exactly (both ends obey the portfolio's identity `balance = deposited - withdrawn +
 * interestEarned - losses`). Fees are 0: the performance fee is taken by the pool before it
 * credits interest, so interest is net and no fee is charged to a position. The transactions
 * (from the indexer's history) and the rewards (bonus, fee shares, referral rewards) are listed
 * beside the figures. Money stays bigint; exact decimals in the CSV.
 */
import { formatUnits } from "viem";
import type { HistoryItem, RewardItem } from "../entities/history";
import { fill, statements as copy } from "../i18n";
import { toCsv } from "./csv";
import { DomainError } from "./errors";
import { USDC_DECIMALS, formatUsdcExact } from "./format";
import type { PortfolioSummary } from "./portfolio";

export const STATEMENT_KINDS = ["month", "quarter", "year"] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** A statement's period: `[start, end)` in unix seconds (UTC). */
export interface StatementPeriod {
  kind: StatementKind;
  /** The canonical parameter: "2026-07", "2026-Q3" or "2026". */
  id: string;
  /** "July 2026", "Q3 2026", "2026". */
  label: string;
  start: number;
  end: number;
}

/** A `period` parameter that is no month, quarter or year (or before 2000). */
export class StatementPeriodError extends DomainError {
  readonly code = "STATEMENT_PERIOD_INVALID";
  constructor() {
    super(copy.badPeriod);
  }
}

/** A period that starts after now. */
export class StatementPeriodInFutureError extends DomainError {
  readonly code = "STATEMENT_PERIOD_IN_FUTURE";
  constructor(readonly period: string) {
    super(fill(copy.futurePeriod, { period }));
  }
}

const utc = (year: number, month0: number) => Date.UTC(year, month0, 1) / 1000;

function period(kind: StatementKind, year: number, n: number): StatementPeriod {
  if (kind === "year") {
    return {
      kind,
      id: `${year}`,
      label: fill(copy.periodYear, { year }),
      start: utc(year, 0),
      end: utc(year + 1, 0),
    };
  }
  if (kind === "quarter") {
    return {
      kind,
      id: `${year}-Q${n}`,
      label: fill(copy.periodQuarter, { quarter: n, year }),
      start: utc(year, (n - 1) * 3),
      end: utc(year, n * 3),
    };
  }
  return {
    kind,
    id: `${year}-${String(n).padStart(2, "0")}`,
    label: fill(copy.periodMonth, { month: copy.months[n - 1]!, year }),
    start: utc(year, n - 1),
    end: utc(year, n),
  };
}

/**
 * A `period` parameter: "2026-07" (a month), "2026-Q3" (a quarter) or "2026" (a year), UTC.
 *
 * @throws {StatementPeriodError} for anything else, or a year before 2000.
 * @throws {StatementPeriodInFutureError} when the period starts after `now` (unix seconds).
 * @example parseStatementPeriod("2026-Q3").start // 1782864000 (2026-07-01T00:00:00Z)
 */
export function parseStatementPeriod(value: unknown, now?: number): StatementPeriod {
  const m =
    typeof value === "string" ? /^(\d{4})(?:-(?:(0[1-9]|1[0-2])|Q([1-4])))?$/.exec(value) : null;
  if (!m) throw new StatementPeriodError();
  const year = Number(m[1]);
  if (year < 2000) throw new StatementPeriodError();
  const p = m[2]
    ? period("month", year, Number(m[2]))
    : m[3]
      ? period("quarter", year, Number(m[3]))
      : period("year", year, 0);
  if (now !== undefined && p.start > now) throw new StatementPeriodInFutureError(p.id);
  return p;
}

/**
 * The `count` newest periods of `kind` that have started by `now` (unix seconds), newest first:
 * the choices of the portfolio's period selector.
 *
 * @example statementPeriods("quarter", Date.UTC(2026, 7, 5) / 1000, 2).map((p) => p.id) // ["2026-Q3", "2026-Q2"]
 */
export function statementPeriods(
  kind: StatementKind,
  now: number,
  count: number,
): StatementPeriod[] {
  const d = new Date(now * 1000);
  const year = d.getUTCFullYear();
  const out: StatementPeriod[] = [];
  if (kind === "year") {
    for (let i = 0; i < count && year - i >= 2000; i++) out.push(period("year", year - i, 0));
    return out;
  }
  const size = kind === "quarter" ? 3 : 1;
  let index = Math.floor(d.getUTCMonth() / size); // 0-based within the year
  let y = year;
  while (out.length < count && y >= 2000) {
    out.push(period(kind, y, index + 1));
    index -= 1;
    if (index < 0) {
      index = 12 / size - 1;
      y -= 1;
    }
  }
  return out;
}

export type StatementTransactionKind =
  "depositAccepted" | "depositReallocated" | "withdrawalPaid" | "fixedTermPaid" | "loss";

/** One transaction behind a position's figures (USDC units; a loss is negative). */
export interface StatementTransaction {
  kind: StatementTransactionKind;
  poolId: bigint;
  trancheId: bigint;
  /** request NFT id or lock id ("" for a loss) */
  reference: string;
  amount: bigint;
  timestamp: number;
  transactionHash: string;
}

/** A bonus or reward received (USDC or KSU units, 6 and 18 decimals). */
export interface StatementReward {
  kind: RewardItem["kind"];
  token: "USDC" | "KSU";
  amount: bigint;
  timestamp: number;
  transactionHash: string;
}

/** One position's figures over the period (USDC units). */
export interface StatementFigures {
  opening: bigint;
  deposits: bigint;
  withdrawals: bigint;
  interest: bigint;
  fees: bigint;
  losses: bigint;
  closing: bigint;
}

export interface StatementPosition extends StatementFigures {
  poolId: bigint;
  poolName: string;
  trancheId: bigint;
  trancheName: string;
  transactions: StatementTransaction[];
}

export interface Statement {
  user: string;
  period: StatementPeriod;
  /** the end of the figures: the period's end, or now while it runs (unix seconds) */
  asOf: number;
  chainId: number;
  openingBlock: bigint;
  closingBlock: bigint;
  generatedAt: number;
  positions: StatementPosition[];
  totals: StatementFigures;
  rewards: StatementReward[];
  /** per token, the rewards' sum */
  rewardTotals: { token: "USDC" | "KSU"; amount: bigint }[];
}

const FIGURES = [
  "opening",
  "deposits",
  "withdrawals",
  "interest",
  "fees",
  "losses",
  "closing",
] as const;

/**
 * Whether `f` obeys `opening + deposits - withdrawals + interest - fees - losses = closing`.
 *
 * @example statementBalances({ opening: 1n, deposits: 2n, withdrawals: 0n, interest: 1n, fees: 0n, losses: 0n, closing: 4n }) // true
 */
export function statementBalances(f: StatementFigures): boolean {
  return f.opening + f.deposits - f.withdrawals + f.interest - f.fees - f.losses === f.closing;
}

const key = (poolId: bigint, trancheId: bigint) => `${poolId}:${trancheId}`;

/**
 * The statement from the portfolio at the period's start (`opening`) and at its end (`closing`),
 * both built by {@link buildPortfolioSummary} from the chain at those blocks, with the period's
 * transactions and rewards. A position shows when it had value at either end or moved in the
 * period. Transactions outside `[period.start, asOf]` are left out.
 */
export function buildStatement(args: {
  user: string;
  period: StatementPeriod;
  asOf: number;
  chainId: number;
  openingBlock: bigint;
  closingBlock: bigint;
  generatedAt: number;
  opening: Pick<PortfolioSummary, "pools">;
  closing: Pick<PortfolioSummary, "pools">;
  transactions?: readonly StatementTransaction[];
  rewards?: readonly StatementReward[];
}): Statement {
  const inPeriod = (t: { timestamp: number }) =>
    t.timestamp >= args.period.start && t.timestamp <= args.asOf;
  const txs = (args.transactions ?? []).filter(inPeriod).sort((a, b) => a.timestamp - b.timestamp);
  const rewards = (args.rewards ?? []).filter(inPeriod).sort((a, b) => a.timestamp - b.timestamp);
  const before = new Map(
    args.opening.pools.flatMap((p) => p.positions).map((p) => [key(p.poolId, p.trancheId), p]),
  );
  const seen = new Set<string>();
  const positions: StatementPosition[] = [];
  const push = (
    c: (typeof args.closing.pools)[number]["positions"][number] | undefined,
    o: (typeof args.opening.pools)[number]["positions"][number] | undefined,
  ) => {
    const p = (c ?? o)!;
    const k = key(p.poolId, p.trancheId);
    seen.add(k);
    const diff = (field: "deposited" | "withdrawn" | "interestEarned" | "losses") =>
      (c?.[field] ?? 0n) - (o?.[field] ?? 0n);
    const position: StatementPosition = {
      poolId: p.poolId,
      poolName: p.poolName,
      trancheId: p.trancheId,
      trancheName: p.trancheName,
      opening: o?.balance ?? 0n,
      deposits: diff("deposited"),
      withdrawals: diff("withdrawn"),
      interest: diff("interestEarned"),
      fees: 0n,
      losses: diff("losses"),
      closing: c?.balance ?? 0n,
      transactions: txs.filter((t) => key(t.poolId, t.trancheId) === k),
    };
    const moved = FIGURES.some((f) => position[f] !== 0n) || position.transactions.length > 0;
    if (moved) positions.push(position);
  };
  for (const pool of args.closing.pools) {
    for (const c of pool.positions) push(c, before.get(key(c.poolId, c.trancheId)));
  }
  for (const [k, o] of before) if (!seen.has(k)) push(undefined, o);
  const totals = Object.fromEntries(
    FIGURES.map((f) => [f, positions.reduce((a, p) => a + p[f], 0n)]),
  ) as unknown as StatementFigures;
  const tokens = [...new Set(rewards.map((r) => r.token))].sort();
  return {
    user: args.user.toLowerCase(),
    period: args.period,
    asOf: args.asOf,
    chainId: args.chainId,
    openingBlock: args.openingBlock,
    closingBlock: args.closingBlock,
    generatedAt: args.generatedAt,
    positions,
    totals,
    rewards,
    rewardTotals: tokens.map((token) => ({
      token,
      amount: rewards.filter((r) => r.token === token).reduce((a, r) => a + r.amount, 0n),
    })),
  };
}

/**
 * The money transactions of the indexer's history items (GET /transactions): deposits accepted
 * (and moved to a more senior tranche), withdrawals paid, fixed terms paid at expiry, and the
 * losses per tranche.
 */
export function statementTransactions(items: readonly HistoryItem[]): StatementTransaction[] {
  const out: StatementTransaction[] = [];
  for (const item of items) {
    if (item.type === "Loss") {
      for (const t of item.tranches) {
        if (BigInt(t.change) === 0n) continue;
        out.push({
          kind: "loss",
          poolId: BigInt(item.poolId),
          trancheId: BigInt(t.trancheId),
          reference: "",
          amount: BigInt(t.change),
          timestamp: item.timestamp,
          transactionHash: item.transactionHash,
        });
      }
    } else if (item.type === "FixedTerm") {
      if (item.event !== "PaidAtExpiry") continue;
      out.push({
        kind: "fixedTermPaid",
        poolId: BigInt(item.poolId),
        trancheId: BigInt(item.trancheId),
        reference: item.lockId,
        amount: BigInt(item.amount),
        timestamp: item.timestamp,
        transactionHash: item.transactionHash,
      });
    } else {
      for (const e of item.events) {
        const base = {
          poolId: BigInt(item.poolId),
          reference: item.nftId,
          amount: BigInt(e.amount),
          timestamp: e.timestamp,
          transactionHash: e.transactionHash,
        };
        if (e.type === "Accepted" && BigInt(e.amount) > 0n) {
          out.push({
            ...base,
            kind: item.type === "Deposit" ? "depositAccepted" : "withdrawalPaid",
            trancheId: BigInt(item.trancheId),
          });
        } else if (item.type === "Deposit" && e.type === "Reallocated" && e.toTrancheId !== null) {
          out.push({ ...base, kind: "depositReallocated", trancheId: BigInt(e.toTrancheId) });
        }
      }
    }
  }
  return out;
}

/** The rewards of the indexer's GET /rewards items. */
export function statementRewards(items: readonly RewardItem[]): StatementReward[] {
  return items.map((r) => ({
    kind: r.kind,
    token: r.token,
    amount: BigInt(r.amount),
    timestamp: r.timestamp,
    transactionHash: r.transactionHash,
  }));
}

const TX_LABEL: Record<StatementTransactionKind, string> = {
  depositAccepted: copy.file.txDepositAccepted,
  depositReallocated: copy.file.txDepositReallocated,
  withdrawalPaid: copy.file.txWithdrawalPaid,
  fixedTermPaid: copy.file.txFixedTermPaid,
  loss: copy.file.txLoss,
};
const REWARD_LABEL: Record<StatementReward["kind"], string> = {
  feeShare: copy.file.rewardFeeShare,
  bonus: copy.file.rewardBonus,
  launchBonus: copy.file.rewardLaunchBonus,
  referral: copy.file.rewardReferral,
};
const FIGURE_LABEL: Record<(typeof FIGURES)[number], string> = {
  opening: copy.file.opening,
  deposits: copy.file.deposits,
  withdrawals: copy.file.withdrawals,
  interest: copy.file.interest,
  fees: copy.file.fees,
  losses: copy.file.losses,
  closing: copy.file.closing,
};
const tokenDecimals = (token: "USDC" | "KSU") => (token === "USDC" ? USDC_DECIMALS : 18);

/** "2026-07-01 00:00" (UTC). */
export function statementDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ");
}

/** The transaction's line text ("Deposit #3 accepted"). */
export function statementTransactionLabel(t: StatementTransaction): string {
  return fill(TX_LABEL[t.kind], { ref: t.reference });
}

/** The reward's line text ("Bonus claimed"). */
export function statementRewardLabel(r: StatementReward): string {
  return REWARD_LABEL[r.kind];
}

/** The figures in file order with their labels. */
export function statementFigureRows(f: StatementFigures): { label: string; amount: bigint }[] {
  return FIGURES.map((name) => ({ label: FIGURE_LABEL[name], amount: f[name] }));
}

/** The statement's header lines (lender, period, source, notes) for the CSV and the PDF. */
export function statementHeaderLines(s: Statement): string[] {
  const lines = [
    fill(copy.file.lender, { address: s.user }),
    fill(copy.file.period, {
      period: s.period.label,
      start: statementDate(s.period.start),
      end: statementDate(s.period.end),
    }),
    fill(copy.file.generated, {
      date: statementDate(s.generatedAt),
      chainId: s.chainId,
      openingBlock: s.openingBlock,
      closingBlock: s.closingBlock,
    }),
  ];
  if (s.asOf < s.period.end) lines.push(fill(copy.file.asOf, { date: statementDate(s.asOf) }));
  lines.push(copy.file.notes, copy.file.identity);
  return lines;
}

/**
 * The statement as an RFC 4180 CSV (through {@link toCsv}, formula-safe): the header lines, then
 * per position its figures and its transactions, the totals, and the rewards with their totals.
 * Amounts are exact decimals (USDC 6 places, KSU 18), without thousands separators.
 */
export function statementCsv(s: Statement): string {
  const c = copy.file;
  const usdc = (v: bigint) => formatUnits(v, USDC_DECIMALS);
  const rows: string[][] = statementHeaderLines(s).map((line) => [
    c.sectionStatement,
    "",
    "",
    "",
    line,
    "",
    "",
    "",
  ]);
  for (const p of s.positions) {
    for (const f of statementFigureRows(p)) {
      rows.push([
        c.sectionPosition,
        p.poolName,
        p.trancheName,
        "",
        f.label,
        usdc(f.amount),
        "USDC",
        "",
      ]);
    }
    for (const t of p.transactions) {
      rows.push([
        c.sectionTransaction,
        p.poolName,
        p.trancheName,
        statementDate(t.timestamp),
        statementTransactionLabel(t),
        usdc(t.amount),
        "USDC",
        t.transactionHash,
      ]);
    }
  }
  for (const f of statementFigureRows(s.totals)) {
    rows.push([c.sectionTotal, "", "", "", f.label, usdc(f.amount), "USDC", ""]);
  }
  for (const r of s.rewards) {
    rows.push([
      c.sectionReward,
      "",
      "",
      statementDate(r.timestamp),
      statementRewardLabel(r),
      formatUnits(r.amount, tokenDecimals(r.token)),
      r.token,
      r.transactionHash,
    ]);
  }
  for (const t of s.rewardTotals) {
    rows.push([
      c.sectionRewardTotal,
      "",
      "",
      "",
      c.rewardsHeading,
      formatUnits(t.amount, tokenDecimals(t.token)),
      t.token,
      "",
    ]);
  }
  return toCsv(c.columns, rows);
}

/** An amount for reading (PDF): exact, with thousands separators, and its token. */
export function statementAmount(amount: bigint, token: "USDC" | "KSU" = "USDC"): string {
  const text =
    token === "USDC" ? formatUsdcExact(amount) : formatUnits(amount, tokenDecimals(token));
  return `${text} ${token}`;
}

/** The file name of a statement ("statement-2026-Q3-0xabc….csv"). */
export function statementFileName(s: Pick<Statement, "user" | "period">, ext: "csv" | "pdf") {
  return `statement-${s.period.id}-${s.user}.${ext}`;
}
