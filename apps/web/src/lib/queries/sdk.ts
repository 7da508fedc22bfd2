/**
 * The SDK's chain reads that pages' queries run once a wallet is connected, loaded as one chunk
 * with the first of them through `loadChainReads()` (lib/stack/chunks), never
 * `import("@lending/sdk")`: a dynamic import of the package's index keeps every module behind it
 * (all the copy, every read, action and ABI: about 68 KB gzip on a connected /lending, issue 26);
 * these named re-exports keep only the reads below and what they use.
 */
export {
  buildPortfolioSummary,
  getDeployment,
  getLockPeriods,
  getUserFixedLoans,
  positionLosses,
  readEpochTimes,
  readEthBalance,
  readFillPreviews,
  readFixedTermPayouts,
  readLockingOverview,
  readAllowance,
  readPools,
  readRequestEpoch,
  readRewardsOverview,
  readTokenBalance,
  readUserLockingSummary,
  readUserPosition,
} from "@lending/sdk";
