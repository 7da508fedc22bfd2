/**
 * The locking contract's reads (the locking page, the rewards page, the lock periods), loaded
 * through `loadLockingReads()` (lib/stack/chunks): their own chunk, without the portfolio's reads,
 * event decoding and math of ./sdk (issue 26).
 */
export {
  getDeployment,
  getLockPeriods,
  readLockingOverview,
  readRewardsOverview,
} from "@lending/sdk";
