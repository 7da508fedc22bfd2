/**
 * The one client of `GET /api/rewards` (contract: `RewardsPage` in
 * packages/sdk/src/entities/history.ts): fetch, check the answer's shape (lib/shape), decimal
 * strings to bigints. Loaded on first fetch.
 */
import type { RewardItem, RewardsPage } from "@lending/sdk";
import * as s from "@/lib/shape";
import { apiGet } from "@/lib/api";

const amount = s.decimalBigint(/^\d+$/, "a whole number string");

const KINDS = [
  "feeShare",
  "bonus",
  "launchBonus",
  "referral",
] as const satisfies readonly RewardItem["kind"][];

const pageSchema = s.object({
  totals: s.object({
    feesClaimed: amount,
    bonusClaimed: amount,
    launchBonus: amount,
    referralPaid: amount,
  }),
  items: s.array(
    s.object({
      id: s.string,
      kind: s.oneOf(KINDS),
      token: s.oneOf(["USDC", "KSU"]),
      amount,
      timestamp: s.integer(0),
      transactionHash: s.matching(/^0x[0-9a-fA-F]{64}$/, "a transaction hash"),
    }),
  ),
  page: s.integer(1),
  pageSize: s.integer(1),
  total: s.integer(0),
});

// the schema's input is exactly the SDK's JSON contract
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatches: Equal<s.Input<typeof pageSchema>, RewardsPage> = true;
void contractMatches;

export type Rewards = s.Output<typeof pageSchema>;

export const REWARDS_PAGE_SIZE = 10;

/** One page of the user's rewards, newest first, with the totals of every kind. */
export async function fetchRewards(user: string, page: number): Promise<Rewards> {
  const params = new URLSearchParams({
    user,
    page: String(page),
    pageSize: String(REWARDS_PAGE_SIZE),
  });
  return s.answerOf(pageSchema, await apiGet<unknown>(`/api/rewards?${params}`), "/api/rewards");
}
