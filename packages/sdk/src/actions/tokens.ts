import { encodeFunctionData, maxUint256, type Address } from "viem";
import { erc20Abi } from "../abi/erc20";
import { positive } from "./amounts";
import type { TransactionRequest } from "./types";

/** 2^256 - 1: the amount for an unlimited ERC-20 approval. */
export const MAX_UINT256: bigint = maxUint256;

/**
 * ERC-20 `approve(spender, amount)`. The spec's approve flow tries `MAX_UINT256` first and falls
 * back to the exact amount when gas estimation fails (the web app's button state machine).
 *
 * @throws {InvalidAmountError} when `amount` is not positive.
 * @example
 * const tx = approve({ token: deployment.usdc, spender: deployment.lendingPoolManager, amount: MAX_UINT256 });
 * await walletClient.sendTransaction(tx);
 */
export function approve(args: {
  token: Address;
  spender: Address;
  amount: bigint;
}): TransactionRequest<{ action: "approve"; token: Address; spender: Address; amount: bigint }> {
  const amount = positive("amount", args.amount);
  return {
    to: args.token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [args.spender, amount],
    }),
    value: 0n,
    description: { action: "approve", token: args.token, spender: args.spender, amount },
  };
}
