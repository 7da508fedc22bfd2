/**
 * The one client of `GET /api/rewards` (contract: `RewardsPage` in
 * packages/sdk/src/entities/history.ts): fetch, validate with zod, decimal strings to bigints.
 * Loaded on first fetch (zod stays out of the first-load JavaScript). `zod/mini`, the
 * tree-shakable form: the full API was 30 KB gzip of a connected /locking's JavaScript (issue 26).
 */
import type { RewardItem, RewardsPage } from "@lending/sdk";
import * as z from "zod/mini";
import { ApiError, apiGet } from "@/lib/api";

const amount = z.pipe(
  z.string().check(z.regex(/^\d+$/, "a whole number string")),
  z.transform((s: string) => BigInt(s)),
);

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
      timestamp: z.int().check(z.nonnegative()),
      transactionHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
    }),
  ),
  page: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive()),
  total: z.int().check(z.nonnegative()),
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
