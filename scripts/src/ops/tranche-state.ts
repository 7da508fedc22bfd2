/**
 * `npm run ops -- tranche:close --pool N --tranche N --reason "why"` and `tranche:reopen` (issue
 * 27): the pool manager closes a tranche to new deposits and fixed-term locks at will
 * (`closeTranche`; its lenders keep their positions and withdrawals; deposits already queued in it
 * move to a more senior tranche with room or are refunded at clearing) or reopens it
 * (`reopenTranche`). The signer (OPS_PRIVATE_KEY) must hold POOL_MANAGER_ROLE. The state is
 * checked first (clear errors, nothing sent); ops.ts records the transaction in the audit trail
 * with the reason, as the console does.
 */
import { lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import type { Hash, PublicClient, WalletClient } from "viem";
import { z } from "zod";
import { parseArgs, UsageError } from "./db-commands";

export const TRANCHE_CLOSE_USAGE = 'tranche:close --pool N --tranche N --reason "why"';
export const TRANCHE_REOPEN_USAGE = 'tranche:reopen --pool N --tranche N --reason "why"';

/** Longest reason the audit trail takes from the command line. */
const MAX_REASON_LENGTH = 500;

const id = (name: string) =>
  z
    .string({ error: `--${name} is required` })
    .regex(/^\d+$/, `--${name} must be a whole number (pool and tranche ids start at 0)`)
    .transform(BigInt);

const ArgsSchema = z.object({
  pool: id("pool"),
  tranche: id("tranche"),
  reason: z
    .string({ error: "--reason is required (it is recorded in the audit trail)" })
    .trim()
    .min(1, "--reason is required (it is recorded in the audit trail)")
    .max(MAX_REASON_LENGTH, `--reason is longer than ${MAX_REASON_LENGTH} characters`),
});

export type TrancheStateArgs = z.infer<typeof ArgsSchema>;
export type TrancheAction = "tranche:close" | "tranche:reopen";

/** Parses the command line; throws a UsageError naming every bad flag. */
export function parseTrancheStateArgs(action: TrancheAction, args: string[]): TrancheStateArgs {
  const usage = action === "tranche:close" ? TRANCHE_CLOSE_USAGE : TRANCHE_REOPEN_USAGE;
  const { flags, positional } = parseArgs(args);
  if (positional.length) throw new UsageError(`Unexpected argument ${positional[0]}`);
  const parsed = ArgsSchema.safeParse(flags);
  if (!parsed.success) {
    throw new UsageError(
      `${parsed.error.issues.map((i) => i.message).join("; ")}\nUsage: npm run ops -- ${usage}`,
    );
  }
  return parsed.data;
}

/**
 * Checks the signer's role, that the tranche exists and is open (to close) or closed (to reopen),
 * sending nothing otherwise; then sends `closeTranche` / `reopenTranche` and returns its hash.
 */
export async function runTrancheState(
  ctx: { publicClient: PublicClient; walletClient: WalletClient; deployment: Deployment },
  action: TrancheAction,
  args: Pick<TrancheStateArgs, "pool" | "tranche">,
): Promise<Hash> {
  const { publicClient, walletClient, deployment } = ctx;
  const account = walletClient.account;
  if (!account) throw new UsageError("The ops wallet has no account.");
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const role = await publicClient.readContract({ ...lpm, functionName: "POOL_MANAGER_ROLE" });
  const manager = await publicClient.readContract({
    ...lpm,
    functionName: "hasRole",
    args: [role, account.address],
  });
  if (!manager) {
    throw new UsageError(
      `${account.address} does not hold POOL_MANAGER_ROLE: set OPS_PRIVATE_KEY to a pool manager's key.`,
    );
  }
  const where = `pool ${args.pool} tranche ${args.tranche}`;
  const pools = await publicClient.readContract({ ...lpm, functionName: "getPools" });
  const tranche = pools
    .find((p) => p.id === args.pool)
    ?.tranches.find((t) => t.id === args.tranche);
  if (!tranche) throw new UsageError(`There is no ${where}.`);
  const closing = action === "tranche:close";
  if (closing && tranche.closed)
    throw new UsageError(`Pool ${args.pool} tranche ${args.tranche} is already closed.`);
  if (!closing && !tranche.closed)
    throw new UsageError(`Pool ${args.pool} tranche ${args.tranche} is not closed.`);
  const { request } = await publicClient.simulateContract({
    ...lpm,
    functionName: closing ? "closeTranche" : "reopenTranche",
    args: [args.pool, args.tranche],
    account,
  });
  const hash = await walletClient.writeContract({ ...request, chain: walletClient.chain });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new UsageError(`${action} reverted (tx ${hash}).`);
  console.log(
    closing
      ? `tranche:close: ${where} takes no new deposits; its lenders keep their positions and withdrawals (tx ${hash})`
      : `tranche:reopen: ${where} takes deposits again (tx ${hash})`,
  );
  return hash;
}
