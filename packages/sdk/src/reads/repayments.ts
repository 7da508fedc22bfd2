import type { Client } from "viem";
import type { Deployment } from "../deployments";
import { EPOCH_DURATION_SECONDS } from "../domain/time";
import { readBlockNumber } from "./blocks";
import { manager } from "./contracts";
import { readContract } from "./readContract";

/**
 * One epoch's historical repayment figures of a pool (spec "Historical repayments"), as the pool
 * manager published them (`publishRepayments`). USDC in smallest units (6 decimals).
 */
export type HistoricalRepayment = {
  epoch: bigint;
  /** start of the epoch, unix seconds */
  epochStart: number;
  openingLoanBalance: bigint;
  newFundingDrawdowns: bigint;
  principalInterestRepayments: bigint;
  closingLoanBalance: bigint;
  interestPaymentComponent: bigint;
  arrears: bigint;
  unrecoverableLosses: bigint;
};

/** At most this many epochs (a year) are read per call: the read stays bounded. */
export const MAX_REPAYMENT_EPOCHS = 52;

/**
 * The published repayment figures of `poolId` for the last `epochs` epochs up to the current one
 * (default and at most MAX_REPAYMENT_EPOCHS), oldest first, all read at the latest block. An epoch
 * without published figures (all zero) is left out.
 *
 * @example
 * const rows = await readHistoricalRepayments(client, getDeployment(31337), 0n);
 * rows.map((r) => formatUsdc(r.principalInterestRepayments));
 */
export async function readHistoricalRepayments(
  client: Client,
  deployment: Deployment,
  poolId: bigint,
  options: { epochs?: number } = {},
): Promise<HistoricalRepayment[]> {
  const count = Math.min(
    Math.max(1, Math.floor(options.epochs ?? MAX_REPAYMENT_EPOCHS)),
    MAX_REPAYMENT_EPOCHS,
  );
  const contract = manager(deployment);
  const blockNumber = await readBlockNumber(client);
  const [current, nextStart] = await Promise.all([
    readContract(client, { ...contract, functionName: "currentEpoch", blockNumber }),
    readContract(client, { ...contract, functionName: "nextEpochStart", blockNumber }),
  ]);
  const first = current + 1n > BigInt(count) ? current + 1n - BigInt(count) : 0n;
  const epochs: bigint[] = [];
  for (let e = first; e <= current; e++) epochs.push(e);
  const figures = await Promise.all(
    epochs.map((epoch) =>
      readContract(client, {
        ...contract,
        functionName: "getRepayments",
        args: [poolId, epoch],
        blockNumber,
      }),
    ),
  );
  const currentStart = Number(nextStart) - EPOCH_DURATION_SECONDS;
  return figures.flatMap((f, i) => {
    const row: HistoricalRepayment = {
      epoch: epochs[i]!,
      epochStart: currentStart - Number(current - epochs[i]!) * EPOCH_DURATION_SECONDS,
      openingLoanBalance: f.openingLoanBalance,
      newFundingDrawdowns: f.newFundingDrawdowns,
      principalInterestRepayments: f.principalInterestRepayments,
      closingLoanBalance: f.closingLoanBalance,
      interestPaymentComponent: f.interestPaymentComponent,
      arrears: f.arrears,
      unrecoverableLosses: f.unrecoverableLosses,
    };
    const published = Object.entries(row).some(
      ([k, v]) => k !== "epoch" && k !== "epochStart" && v !== 0n,
    );
    return published ? [row] : [];
  });
}
