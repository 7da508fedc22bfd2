import type { Client } from "viem";
import type { Deployment } from "../deployments";
import { AmountTooSmallToWithdrawError } from "../errors";
import { readSharesForAssets } from "../reads/user-lending";
import { parseSmallestUnit } from "./amounts";
import { buildWithdrawalInUSDC } from "./lending";

/**
 * A withdrawal of a USDC amount: reads the tranche's conversion (`convertToShares`, rounded down,
 * so the request is worth at most `amount`) and builds `requestWithdrawal`. The one builder that
 * reads the chain; when the amount is the whole available balance use `requestWithdrawalMax`.
 *
 * @param args.amount USDC smallest units, as a bigint or a decimal string ("100000000" = 100 USDC).
 * @throws {InvalidAmountError} when `amount` is not a positive integer.
 * @throws {AmountTooSmallToWithdrawError} when it is worth no shares.
 * @example
 * const tx = await requestWithdrawalInUSDC(client, deployment, { poolId: 0n, trancheId: 2n, amount: "100000000" });
 * await walletClient.sendTransaction(tx);
 */
export async function requestWithdrawalInUSDC(
  client: Client,
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; amount: bigint | string },
) {
  const amount = parseSmallestUnit("amount", args.amount);
  const { poolId, trancheId } = args;
  const shares = await readSharesForAssets(client, deployment, { poolId, trancheId, amount });
  if (shares === 0n) throw new AmountTooSmallToWithdrawError(amount);
  return buildWithdrawalInUSDC(deployment, { poolId, trancheId, amount, shares });
}
