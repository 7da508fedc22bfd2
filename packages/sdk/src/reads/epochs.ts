import type { Client } from "viem";
import type { Deployment } from "../deployments";
import { readLatestBlock } from "./blocks";
import { manager } from "./contracts";
import { readContract } from "./readContract";

/** Where the protocol's 7-day epoch clock stands, as of the latest block. */
export type EpochTimes = {
  currentEpoch: bigint;
  /** Unix seconds. */
  nextEpochStart: number;
  /** Start of the next clearing period (last 48 h of an epoch), unix seconds, in the future. */
  nextClearingPeriodStart: number;
  isClearingPeriod: boolean;
  /**
   * Timestamp of the block read, unix seconds: the chain's "now". On a local chain whose clock
   * was moved (dev panel) it runs ahead of the wall clock; countdowns add the difference.
   */
  chainTime: number;
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
  const { number: blockNumber, timestamp } = await readLatestBlock(client);
  const contract = manager(deployment);
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
    chainTime: Number(timestamp),
  };
}

/**
 * The epoch a request made now belongs to (`requestEpoch`): the current epoch, or the next one
 * during the clearing period. Withdraw at expiry compares it with a lock's end epoch.
 *
 * @example const epoch = await readRequestEpoch(client, getDeployment(31337));
 */
export function readRequestEpoch(client: Client, deployment: Deployment): Promise<bigint> {
  return readContract(client, {
    ...manager(deployment),
    functionName: "requestEpoch",
  });
}
