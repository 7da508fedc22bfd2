import type { Client } from "viem";
import { getBlockNumber, readContract } from "viem/actions";
import { lendingPoolManagerAbi } from "../abi/generated";
import type { Deployment } from "../deployments";

/** Where the protocol's 7-day epoch clock stands, as of the latest block. */
export type EpochTimes = {
  currentEpoch: bigint;
  /** Unix seconds. */
  nextEpochStart: number;
  /** Start of the next clearing period (last 48 h of an epoch), unix seconds, in the future. */
  nextClearingPeriodStart: number;
  isClearingPeriod: boolean;
};

/**
 * The epoch clock: current epoch, next epoch start, next clearing period start and whether the
 * clearing period runs now. Chain time of the latest block (all four values read at the same
 * block), in unix seconds.
 *
 * @example
 * const { nextClearingPeriodStart } = await readEpochTimes(client, getDeployment(31337));
 * formatDateTime(new Date(nextClearingPeriodStart * 1000));
 */
export async function readEpochTimes(client: Client, deployment: Deployment): Promise<EpochTimes> {
  const blockNumber = await getBlockNumber(client, { cacheTime: 0 });
  const contract = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const [currentEpoch, nextEpochStart, nextClearingPeriodStart, isClearingPeriod] =
    await Promise.all([
      readContract(client, { ...contract, functionName: "currentEpoch", blockNumber }),
      readContract(client, { ...contract, functionName: "nextEpochStart", blockNumber }),
      readContract(client, { ...contract, functionName: "nextClearingPeriodStart", blockNumber }),
      readContract(client, { ...contract, functionName: "isClearingPeriod", blockNumber }),
    ]);
  return {
    currentEpoch,
    nextEpochStart: Number(nextEpochStart),
    nextClearingPeriodStart: Number(nextClearingPeriodStart),
    isClearingPeriod,
  };
}
