/**
 * The referral screens' client of /api/referral and /api/referral/userYields (docs/api.md):
 * fetch and validate; amounts (USDC, 6 decimals) become bigints at this edge. Loaded on demand.
 * `zod/mini`, the tree-shakable form of zod (the full API is about 30 KB gzip; issue 26).
 */
import * as z from "zod/mini";
import { ApiError, apiGet } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";

const usdc = z.pipe(
  z.string().check(z.regex(/^\d+$/, "a whole number string")),
  z.transform((s: string) => BigInt(s)),
);

const yieldsSchema = z.object({
  totalUserRefferalsCount: z.int().check(z.nonnegative()),
  items: z.array(z.object({ user: z.string(), firstDeposit: usdc, yield: usdc })),
  latestEpochReferralYield: usdc,
  lifetimeRefferalYield: usdc,
  page: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive()),
});

export type ReferralYields = z.output<typeof yieldsSchema>;

export const REFERRED_USERS_PAGE_SIZE = 10;

/** The referrer's summary and one page of its referred users (needs the wallet's session). */
export async function fetchReferralYields(
  chainId: number,
  user: string,
  page = 1,
): Promise<ReferralYields> {
  const params = new URLSearchParams({
    chainId: String(chainId),
    userAddress: user.toLowerCase(),
    page: String(page),
    pageSize: String(REFERRED_USERS_PAGE_SIZE),
  });
  const parsed = yieldsSchema.safeParse(
    await apiGet<unknown>(`/api/referral/userYields?${params}`),
  );
  if (!parsed.success) throw new ApiError(502, `unexpected userYields response`);
  return parsed.data;
}

/** The message to sign to apply `referrer`'s code, or an ApiError with the server's error. */
export async function fetchReferralMessage(chainId: number, user: string, referrer: string) {
  const params = new URLSearchParams({
    chainId: String(chainId),
    userAddress: user.toLowerCase(),
    referralCode: referrer.toLowerCase(),
  });
  return (await apiGet<{ message: string }>(`/api/referral?${params}`)).message;
}

/** Applies a signed referral (POST /api/referral). */
export function applyReferral(chainId: number, owner: string, referrer: string, signature: string) {
  return apiPost<{ isValid: true }>(`/api/referral?chainId=${chainId}`, {
    owner: owner.toLowerCase(),
    signature,
    refferer: referrer.toLowerCase(),
  });
}
