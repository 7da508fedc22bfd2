/**
 * The mail to a lender after a clearing (issue 28 item 4): one per pool, epoch and lender with a
 * processed request, saying per request what was accepted, moved, returned or rolled over, and the
 * interest the epoch paid on the lender's positions in the pool. Amounts in USDC units.
 */
import { epochMail as copy, fill } from "../i18n";
import { formatDateTime } from "./datetime-format";
import { formatUsdc } from "./format";

/** One processed request of the epoch, in USDC units. */
export type EpochMailRequest = {
  nftId: bigint;
  trancheName: string;
  kind: "Deposit" | "Withdrawal";
  /** a forced withdrawal: what was not paid is queued again for the next epoch */
  forced: boolean;
  /** deposits: USDC requested */
  amount: bigint;
  /** deposits: USDC accepted into the tranche; withdrawals: USDC paid */
  accepted: bigint;
  /** deposits: USDC moved to more senior tranches */
  moved: bigint;
  /** deposits: USDC refunded; withdrawals: the value of the shares not filled */
  rejected: bigint;
};

export type EpochMailInput = {
  poolName: string;
  epoch: bigint;
  clearedAt: Date;
  requests: readonly EpochMailRequest[];
  /** the interest of the epoch on the lender's positions in the pool (net of the fee) */
  interest: bigint;
  links: { portfolio: string; unsubscribe: string };
  offsetMinutes?: number;
};

/**
 * The subject and text of an epoch mail.
 *
 * @example buildEpochMail({ poolName: "Harbour", epoch: 3n, clearedAt, requests, interest: 0n, links })
 */
export function buildEpochMail(input: EpochMailInput): { subject: string; text: string } {
  const usdc = formatUsdc;
  const lines = input.requests.map((r) => {
    const base = { nftId: r.nftId, tranche: r.trancheName, accepted: usdc(r.accepted) };
    if (r.kind === "Deposit") {
      return fill(copy.depositLine, {
        ...base,
        amount: usdc(r.amount),
        moved: usdc(r.moved),
        rejected: usdc(r.rejected),
      });
    }
    return r.forced
      ? fill(copy.forcedLine, { ...base, rolledOver: usdc(r.rejected) })
      : fill(copy.withdrawalLine, { ...base, rejected: usdc(r.rejected) });
  });
  const pool = input.poolName;
  const epoch = input.epoch.toString();
  return {
    subject: fill(copy.subject, { pool, epoch }),
    text: fill(copy.text, {
      pool,
      epoch,
      date: formatDateTime(input.clearedAt, input.offsetMinutes),
      lines: lines.map((l) => `- ${l}`).join("\n"),
      interest: usdc(input.interest),
      url: input.links.portfolio,
      unsubscribe: input.links.unsubscribe,
    }),
  };
}
