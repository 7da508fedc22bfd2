/**
 * Test fixture of a new pool (issue 27), shared by the tests of its rules (domain/pool-draft),
 * the console's form (web CreatePool) and `ops pool:create` (scripts): `createPoolArgs`' tranche
 * for a form row "`name`, `apy` %, 10 to 5,000 USDC a deposit, `capacity` USDC". Imported as
 * `@lending/sdk/testing`; not part of the public API.
 */
import { apyToEpochRate } from "../domain/apy";

/** One tranche of `createPool`'s arguments, as the rules make it from such a row. */
export const draftTrancheArgs = (name: string, apy: number, capacityUsdc: bigint) => ({
  name,
  epochInterestRate: apyToEpochRate(apy),
  minimumDeposit: 10_000_000n,
  maximumDeposit: 5_000_000_000n,
  capacity: capacityUsdc * 1_000_000n,
});
