/** The one query-key factory: invalidate by these keys after a write. */
import { epochTimesKey } from "./epochKey";
import { indexerSyncKey } from "./indexerSyncKey";
export const queryKeys = {
  all: ["lending"] as const,
  epochTimes: epochTimesKey,
  pools: (chainId: number) => ["lending", chainId, "pools"] as const,
  kyc: (user: string) => ["kyc", user.toLowerCase()] as const,
  /** everything read for one user (invalidate after the user's writes) */
  user: (chainId: number, user: string) => ["lending", chainId, "user", user] as const,
  allowance: (chainId: number, user: string, token: string, spender: string) =>
    ["lending", chainId, "user", user, "allowance", token, spender] as const,
  lendForm: (chainId: number, user: string, poolId: string) =>
    ["lending", chainId, "user", user, "lendForm", poolId] as const,
  /** the user's indexed history (every page: invalidate this after a cancel) */
  transactions: (chainId: number, user: string) =>
    ["lending", chainId, "user", user, "transactions"] as const,
  transactionsPage: (chainId: number, user: string, page: number) =>
    ["lending", chainId, "user", user, "transactions", page] as const,
  /** how far the indexer is behind the chain (public) */
  indexerSync: indexerSyncKey,
  /** pools with an open incident or a reported loss (public) */
  poolNotices: (chainId: number) => ["lending", chainId, "poolNotices"] as const,
  /** the losses that changed the user's positions */
  lenderLosses: (chainId: number, user: string) =>
    ["lending", chainId, "user", user, "lenderLosses"] as const,
  /** the lock periods (public) */
  lockPeriods: (chainId: number) => ["lending", chainId, "lockPeriods"] as const,
  /** the user's locking overview (chain reads at one block) */
  locking: (chainId: number, user: string) =>
    ["lending", chainId, "user", user, "locking"] as const,
  /** the user's bonus and fee share to claim */
  rewardsOverview: (chainId: number, user: string) =>
    ["lending", chainId, "user", user, "rewardsOverview"] as const,
  /** the referrer's summary and referred users (personal: read with the wallet's session) */
  referrals: (chainId: number, user: string, page: number) =>
    ["lending", chainId, "user", user, "referrals", page] as const,
  /** the user's rewards history (every page) */
  rewards: (chainId: number, user: string) =>
    ["lending", chainId, "user", user, "rewards"] as const,
  rewardsPage: (chainId: number, user: string, page: number) =>
    ["lending", chainId, "user", user, "rewards", page] as const,
  /** the signed-in email/Google account (its wallets, backup flag, sign-in time) */
  account: () => ["account"] as const,
  /** an embedded wallet's USDC and ETH balances (View Wallet) */
  walletPanel: (chainId: number, user: string) =>
    ["lending", chainId, "user", user, "walletPanel"] as const,
  /** USDC value of a withdrawal request's shares */
  sharesValue: (chainId: number, poolId: string, trancheId: number, shares: string) =>
    ["lending", chainId, "sharesValue", poolId, trancheId, shares] as const,
};
