/**
 * `npm run ops -- withdraw:force --pool <id> --tranche <id> --user <addr> --shares <n|all>`: the
 * pool manager queues a withdrawal of a lender's shares on the lender's behalf
 * (`forceWithdrawal`; the payout goes to the lender at settlement). The signer (OPS_PRIVATE_KEY)
 * must hold POOL_MANAGER_ROLE.
 */
import { forceWithdrawal, lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import {
  formatUnits,
  getAddress,
  isAddress,
  parseEventLogs,
  type Address,
  type Hash,
  type PublicClient,
  type WalletClient,
} from "viem";
import { z } from "zod";
import { parseArgs, UsageError } from "./db-commands";

export const FORCE_WITHDRAWAL_USAGE =
  "withdraw:force --pool N --tranche N --user 0x.. --shares <n|all>";

const id = (name: string) =>
  z
    .string({ error: `--${name} is required` })
    .regex(/^\d+$/, `--${name} must be a whole number (pool and tranche ids start at 0)`)
    .transform(BigInt);

export const ForceWithdrawalArgsSchema = z.object({
  pool: id("pool"),
  tranche: id("tranche"),
  user: z
    .string({ error: "--user is required" })
    .refine(isAddress, "--user must be a 0x-prefixed 20-byte address")
    .transform((v) => getAddress(v)),
  shares: z
    .string({ error: "--shares is required" })
    .regex(/^(all|\d+)$/, "--shares must be 'all' or a whole number of shares (12 decimals)")
    .transform((v) => (v === "all" ? ("all" as const) : BigInt(v)))
    .refine((v) => v === "all" || v > 0n, "--shares must be above 0"),
});

export type ForceWithdrawalArgs = z.infer<typeof ForceWithdrawalArgsSchema>;

/** Parses the command line; throws a UsageError naming every bad flag. */
export function parseForceWithdrawalArgs(args: string[]): ForceWithdrawalArgs {
  const { flags, positional } = parseArgs(args);
  if (positional.length) throw new UsageError(`Unexpected argument ${positional[0]}`);
  const parsed = ForceWithdrawalArgsSchema.safeParse(flags);
  if (!parsed.success) {
    throw new UsageError(
      `${parsed.error.issues.map((i) => i.message).join("; ")}\nUsage: npm run ops -- ${FORCE_WITHDRAWAL_USAGE}`,
    );
  }
  return parsed.data;
}

export type ForceWithdrawalResult = { nftId: bigint; shares: bigint; hash: Hash };

/**
 * Checks the signer's role and the lender's free shares (clear errors, nothing sent), then sends
 * `forceWithdrawal` and returns the request id from its `WithdrawalForced` event.
 */
export async function runForceWithdrawal(
  ctx: { publicClient: PublicClient; walletClient: WalletClient; deployment: Deployment },
  args: ForceWithdrawalArgs,
): Promise<ForceWithdrawalResult> {
  const { publicClient, walletClient, deployment } = ctx;
  const account = walletClient.account;
  if (!account) throw new UsageError("The ops wallet has no account.");
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const role = await publicClient.readContract({ ...lpm, functionName: "POOL_MANAGER_ROLE" });
  const isManager = await publicClient.readContract({
    ...lpm,
    functionName: "hasRole",
    args: [role, account.address],
  });
  if (!isManager) {
    throw new UsageError(
      `${account.address} does not hold POOL_MANAGER_ROLE: set OPS_PRIVATE_KEY to a pool manager's key.`,
    );
  }
  const pool = await publicClient
    .readContract({ ...lpm, functionName: "getPool", args: [args.pool] })
    .catch(() => {
      throw new UsageError(`Pool ${args.pool} does not exist.`);
    });
  if (args.tranche >= BigInt(pool.tranches.length)) {
    throw new UsageError(
      `Pool ${args.pool} has no tranche ${args.tranche} (it has ${pool.tranches.length}).`,
    );
  }
  const free = await publicClient.readContract({
    ...lpm,
    functionName: "sharesOf",
    args: [args.pool, args.tranche, args.user],
  });
  const where = `pool ${args.pool} tranche ${args.tranche}`;
  if (free === 0n) {
    throw new UsageError(`${args.user} has no free shares in ${where} (nothing to withdraw).`);
  }
  const shares = args.shares === "all" ? free : args.shares;
  if (shares > free) {
    throw new UsageError(
      `${args.user} has ${free} free shares in ${where}, fewer than the ${shares} asked.`,
    );
  }
  const tx = forceWithdrawal(deployment, {
    poolId: args.pool,
    trancheId: args.tranche,
    user: args.user as Address,
    shares,
  });
  const hash = await walletClient.sendTransaction({
    account,
    chain: walletClient.chain,
    to: tx.to,
    data: tx.data,
    value: tx.value,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new UsageError(`forceWithdrawal reverted (tx ${hash}).`);
  const [event] = parseEventLogs({
    abi: lendingPoolManagerAbi,
    eventName: "WithdrawalForced",
    logs: receipt.logs,
  });
  if (!event) throw new UsageError(`No WithdrawalForced event in tx ${hash}.`);
  const value = await publicClient.readContract({
    ...lpm,
    functionName: "convertToAssets",
    args: [args.pool, args.tranche, shares],
  });
  console.log(
    `withdraw:force: request ${event.args.nftId} queues ${shares} shares (about ${formatUnits(value, 6)} USDC) of ${args.user} in ${where}; paid to the lender at settlement (tx ${hash})`,
  );
  return { nftId: event.args.nftId, shares, hash };
}
