/**
 * The one client of `GET /api/rewards` (contract: `RewardsPage` in
 * packages/sdk/src/entities/history.ts): fetch, validate with zod, decimal strings to bigints.
 * Loaded on first fetch (zod stays out of the first-load JavaScript).
 */
import type { RewardItem, RewardsPage } from "@lending/sdk";
import { z } from "zod";
import { ApiError, apiGet } from "@/lib/api";

const amount = z
  .string()
  .regex(/^\d+$/, "a whole number string")
  .transform((s) => BigInt(s));

const KINDS = [
  "feeShare",
  "bonus",
  "launchBonus",
  "referral",
] as const satisfies readonly RewardItem["kind"][];

const pageSchema = z.object({
  totals: z.object({
    feesClaimed: amount,
    bonusClaimed: amount,
    launchBonus: amount,
    referralPaid: amount,
  }),
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(KINDS),
      token: z.enum(["USDC", "KSU"]),
      amount,
      timestamp: z.number().int().nonnegative(),
      transactionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
    }),
  ),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});

// the schema's input is exactly the SDK's JSON contract
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatches: Equal<z.input<typeof pageSchema>, RewardsPage> = true;
void contractMatches;

export type Rewards = z.output<typeof pageSchema>;

export const REWARDS_PAGE_SIZE = 10;

/** One page of the user's rewards, newest first, with the totals of every kind. */
export async function fetchRewards(user: string, page: number): Promise<Rewards> {
  const params = new URLSearchParams({
    user,
    page: String(page),
    pageSize: String(REWARDS_PAGE_SIZE),
  });
  const parsed = pageSchema.safeParse(await apiGet<unknown>(`/api/rewards?${params}`));
  if (!parsed.success) {
    throw new ApiError(502, `unexpected /api/rewards response: ${parsed.error.message}`);
  }
  return parsed.data;
}
