/**
 * The referral screens' client of /api/referral and /api/referral/userYields (docs/api.md):
 * fetch and check the answer's shape (lib/shape); amounts (USDC, 6 decimals) become bigints at
 * this edge. Loaded on demand.
 */
import type { ReferralYieldsPage } from "@lending/sdk";
import * as s from "@/lib/shape";
import { apiGet } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";

const usdc = s.decimalBigint(/^\d+$/, "a whole number string");

const yieldsSchema = s.object({
  totalUserRefferalsCount: s.integer(0),
  items: s.array(s.object({ user: s.string, firstDeposit: usdc, yield: usdc })),
  latestEpochReferralYield: usdc,
  lifetimeRefferalYield: usdc,
  page: s.integer(1),
  pageSize: s.integer(1),
});

// the schema's input is exactly the SDK's JSON contract, which the server's answer is typed by
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatches: Equal<s.Input<typeof yieldsSchema>, ReferralYieldsPage> = true;
void contractMatches;

export type ReferralYields = s.Output<typeof yieldsSchema>;

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
  const json = await apiGet<unknown>(`/api/referral/userYields?${params}`);
  return s.answerOf(yieldsSchema, json, "userYields");
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
