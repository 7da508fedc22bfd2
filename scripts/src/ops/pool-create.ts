/**
 * `npm run ops -- pool:create --name "Invoice pool" [--subheading "…"] [--epochs-in-advance 0]
 * --tranche1 "Junior,12,10,5000,100000" [--tranche2 …] [--tranche3 …] [--reason "why"]`: the
 * pool manager creates a pool, tranches most junior first, each "name,APY %,minimum,maximum per
 * epoch,capacity" (USDC). The input is checked by the console's rules (`parsePoolDraft` in the
 * SDK: one implementation) before anything is sent; the transaction is recorded in the audit
 * trail (`pool:create`).
 */
import {
  createPoolArgs,
  lendingPoolManagerAbi,
  MAX_POOL_TRANCHES,
  parsePoolDraft,
  type Deployment,
  type PoolDraft,
} from "@lending/sdk";
import { parseEventLogs, type Hash, type PublicClient, type WalletClient } from "viem";
import { OpsError } from "./chain";

export const POOL_CREATE_USAGE =
  'pool:create --name "Pool" [--subheading "…"] [--epochs-in-advance 0] --tranche1 "Junior,12,10,5000,100000" [--tranche2 …] [--tranche3 …] [--reason text]';

/**
 * A tranche flag "name,APY %,minimum,maximum,capacity": the last four fields are the figures,
 * what comes before them the name (which may hold commas).
 */
function trancheOf(flag: string, value: string) {
  const parts = value.split(",");
  if (parts.length < 5) {
    throw new OpsError(`--${flag} must be "name,APY %,minimum,maximum per epoch,capacity"`);
  }
  const [apy, minimumDeposit, maximumDeposit, capacity] = parts.slice(-4) as [
    string,
    string,
    string,
    string,
  ];
  return { name: parts.slice(0, -4).join(","), apy, minimumDeposit, maximumDeposit, capacity };
}

/** Parses the command line with the console's rules; an OpsError names what is wrong. */
export function parsePoolCreateFlags(flags: Record<string, string | true>): PoolDraft {
  const text = (name: string) => {
    const v = flags[name];
    if (v === true) throw new OpsError(`--${name} needs a value`);
    return v;
  };
  const name = text("name");
  if (name === undefined) throw new OpsError(`--name is required\nUsage: ${POOL_CREATE_USAGE}`);
  const tranches = [];
  for (let i = 1; i <= MAX_POOL_TRANCHES; i++) {
    const v = text(`tranche${i}`);
    if (v !== undefined) tranches.push(trancheOf(`tranche${i}`, v));
    else break;
  }
  if (text(`tranche${tranches.length + 2}`) !== undefined) {
    throw new OpsError(`--tranche${tranches.length + 1} is missing: number the tranches from 1`);
  }
  const parsed = parsePoolDraft({
    name,
    subheading: text("subheading") ?? "",
    requestEpochsInAdvance: text("epochs-in-advance") ?? "0",
    tranches,
  });
  if (!parsed.ok) throw new OpsError(`${parsed.error}\nUsage: ${POOL_CREATE_USAGE}`);
  return parsed.value;
}

/** Sends `createPool` (simulated first: a revert sends nothing); answers the new pool's id. */
export async function createPoolFromOps(
  ctx: { publicClient: PublicClient; walletClient: WalletClient; deployment: Deployment },
  draft: PoolDraft,
): Promise<{ poolId: bigint; hash: Hash }> {
  const account = ctx.walletClient.account;
  if (!account) throw new OpsError("The ops wallet has no account.");
  const { request } = await ctx.publicClient.simulateContract({
    address: ctx.deployment.lendingPoolManager,
    abi: lendingPoolManagerAbi,
    functionName: "createPool",
    args: createPoolArgs(draft),
    account,
  });
  const hash = await ctx.walletClient.writeContract(request);
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new OpsError(`createPool reverted (tx ${hash})`);
  const [created] = parseEventLogs({
    abi: lendingPoolManagerAbi,
    eventName: "PoolCreated",
    logs: receipt.logs,
  });
  if (!created) throw new OpsError(`No PoolCreated event in tx ${hash}`);
  return { poolId: created.args.poolId, hash };
}
