/**
 * Test fixture of a reported loss as the indexer answers it (`PoolLoss`, `HistoryLoss`): 10 USDC
 * taken from the Cash pool's Senior tranche (100 → 90 USDC), 5 USDC of it from the lender's
 * position (50 → 45 USDC). Shared by the loss notices' tests and the loss mail's API tests.
 */
import type { HistoryLoss, PoolLoss } from "@lending/sdk";

/** The loss reported in `hash` at `block` on chain `chainId`, with `reason` when one is given. */
export function poolLoss(args: {
  hash: string;
  chainId?: number;
  block?: bigint | string;
  poolName?: string;
  reason?: string | null;
}): PoolLoss {
  return {
    id: `loss-${args.chainId ?? 31337}-${args.hash}-0`,
    poolId: "1",
    poolName: args.poolName ?? "Cash pool",
    amount: "10000000",
    tranches: [
      { trancheId: 0, trancheName: "Senior", valueBefore: "100000000", valueAfter: "90000000" },
    ],
    timestamp: 1_790_000_000,
    blockNumber: String(args.block ?? 120),
    transactionHash: args.hash,
    ...("reason" in args ? { reason: args.reason } : {}),
  };
}

/** What `loss` took from `owner`'s position: 5 USDC of its Senior tranche. */
export function lenderLoss(owner: string, loss: PoolLoss): HistoryLoss {
  return {
    id: loss.id,
    type: "Loss",
    owner: owner.toLowerCase(),
    poolId: loss.poolId,
    poolName: loss.poolName,
    poolLoss: loss.amount,
    change: "-5000000",
    tranches: [
      {
        trancheId: 0,
        trancheName: "Senior",
        shares: "50000000000000",
        variableBefore: "50000000",
        variableAfter: "45000000",
        fixedTermBefore: "0",
        fixedTermAfter: "0",
        change: "-5000000",
      },
    ],
    timestamp: loss.timestamp,
    blockNumber: loss.blockNumber,
    transactionHash: loss.transactionHash,
    ...("reason" in loss ? { reason: loss.reason } : {}),
  };
}
