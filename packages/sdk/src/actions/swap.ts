import { isAddress, isHex, type Address, type Hex } from "viem";
import type { Deployment } from "../deployments";
import { InvalidSwapQuoteError } from "../errors";
import { positive } from "./amounts";
import { requestDepositWithKyc, type ContractAcceptance, type KycAuthorization } from "./lending";
import type { TransactionRequest } from "./types";

/** A swap quote's transaction (the server's `GET /api/getSwapData` `tx`, plus the ETH value). */
export type SwapQuoteTx = { to: Address; data: Hex; value?: bigint };

/**
 * A deposit paid with another token. The contracts have no swap-and-deposit entry, so it is two
 * transactions sent in order: the quoted swap (its output USDC lands in the user's wallet), then
 * `requestDepositWithKyc` of `depositAmount` USDC. Before the swap, approve the source token for
 * `quote.to` (not for ETH); before the deposit, approve USDC for the manager. Choose
 * `depositAmount` at most the quote's minimum output (spec: capped to the tranche room; the KYC
 * authorisation must be signed for this same amount).
 *
 * @throws {InvalidSwapQuoteError} when the quote has no valid `to` or `data`.
 * @throws {InvalidAmountError} when `depositAmount` is not positive.
 * @example
 * const { swap, deposit } = buildDepositSwapData(deployment, {
 *   quote: { to: quote.tx.to, data: quote.tx.data, value: fromAmount },
 *   fromToken: null, fromAmount, minimumUsdcOut: quote.dstAmount,
 *   deposit: { poolId: 0n, trancheId: 2n, amount: quote.dstAmount, fixedTermConfigId: 0n, acceptance, kyc },
 * });
 * for (const tx of [swap, deposit]) await publicClient.waitForTransactionReceipt({ hash: await wallet.sendTransaction(tx) });
 */
export function buildDepositSwapData(
  deployment: Deployment,
  args: {
    quote: SwapQuoteTx;
    /** The source token, null for ETH. */
    fromToken: Address | null;
    fromAmount: bigint;
    /** The quote's guaranteed USDC output, for the description. */
    minimumUsdcOut: bigint;
    deposit: {
      poolId: bigint;
      trancheId: bigint;
      amount: bigint;
      fixedTermConfigId: bigint;
      acceptance: ContractAcceptance;
      kyc: KycAuthorization;
    };
  },
): {
  swap: TransactionRequest<{
    action: "swap";
    fromToken: Address | null;
    fromAmount: bigint;
    minimumUsdcOut: bigint;
  }>;
  deposit: ReturnType<typeof requestDepositWithKyc>;
} {
  const { quote } = args;
  if (!isAddress(quote.to)) throw new InvalidSwapQuoteError("`to` is not an address");
  if (!isHex(quote.data) || quote.data === "0x") {
    throw new InvalidSwapQuoteError("`data` is not call data");
  }
  const fromAmount = positive("fromAmount", args.fromAmount);
  return {
    swap: {
      to: quote.to,
      data: quote.data,
      value: quote.value ?? 0n,
      description: {
        action: "swap",
        fromToken: args.fromToken,
        fromAmount,
        minimumUsdcOut: args.minimumUsdcOut,
      },
    },
    deposit: requestDepositWithKyc(deployment, args.deposit),
  };
}
