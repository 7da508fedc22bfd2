/**
 * The SDK's chain reads that pages' queries run once a wallet is connected, loaded as one chunk
 * with the first of them through `loadChainReads()` (lib/stack/chunks), never
 * `import("@lending/sdk")`: a dynamic import of the package's index keeps every module behind it
 * (all the copy, every read, action and ABI: about 68 KB gzip on a connected /lending, issue 26);
 * these named re-exports keep only the reads below and what they use. The token, locking and
 * fill-preview reads have chunks of their own (./tokenReads, ./lockingReads, ./fillPreviewReads).
 */
export {
  buildPortfolioSummary,
  getDeployment,
  getUserFixedLoans,
  positionLosses,
  readEpochTimes,
  readFixedTermPayouts,
  readPools,
  readRequestEpoch,
  readUserLockingSummary,
  readUserPosition,
} from "@lending/sdk";
