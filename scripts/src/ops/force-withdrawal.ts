/**
 * `npm run ops -- withdraw:force --pool <id> --tranche <id> --user <addr> --shares <n|all>
 * --reason "why"`: the pool manager queues a withdrawal of a lender's shares on the lender's behalf
 * (`forceWithdrawal`; the payout goes to the lender at settlement). The signer (OPS_PRIVATE_KEY)
 * must hold POOL_MANAGER_ROLE. The checks are the console's (services/manage/force-withdrawal.ts);
 * the transaction is recorded in the audit trail with the reason.
 */
import { forceWithdrawal, lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import {
  ForceWithdrawalError,
  MAX_FORCE_REASON_LENGTH,
  planForceWithdrawal,
} from "../../../apps/web/src/server/services/manage/force-withdrawal";
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
  'withdraw:force --pool N --tranche N --user 0x.. --shares <n|all> --reason "why"';

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
  reason: z
    .string({ error: "--reason is required (it is recorded in the audit trail)" })
    .trim()
    .min(1, "--reason is required (it is recorded in the audit trail)")
    .max(MAX_FORCE_REASON_LENGTH, `--reason is longer than ${MAX_FORCE_REASON_LENGTH} characters`)
    .optional(),
});

export type ForceWithdrawalArgs = z.infer<typeof ForceWithdrawalArgsSchema>;

const CommandLineSchema = ForceWithdrawalArgsSchema.extend({
  reason: ForceWithdrawalArgsSchema.shape.reason.unwrap(),
});

/** Parses the command line; throws a UsageError naming every bad flag. */
export function parseForceWithdrawalArgs(args: string[]): ForceWithdrawalArgs {
  const { flags, positional } = parseArgs(args);
  if (positional.length) throw new UsageError(`Unexpected argument ${positional[0]}`);
  const parsed = CommandLineSchema.safeParse(flags);
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
  const plan = await planForceWithdrawal(publicClient, deployment, {
    signer: account.address,
    poolId: args.pool,
    trancheId: args.tranche,
    user: args.user as Address,
    amount: args.shares === "all" ? { all: true } : { shares: args.shares },
    reason: args.reason ?? "",
    // the command line requires --reason; a loan ticket's return passes its own
    reasonRequired: false,
  }).catch((e: unknown) => {
    throw e instanceof ForceWithdrawalError ? new UsageError(e.message) : e;
  });
  const { shares, value } = plan;
  const where = `pool ${args.pool} tranche ${args.tranche}`;
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
  console.log(
    `withdraw:force: request ${event.args.nftId} queues ${shares} shares (about ${formatUnits(value, 6)} USDC) of ${args.user} in ${where}; paid to the lender at settlement (tx ${hash})`,
  );
  return { nftId: event.args.nftId, shares, hash };
}
