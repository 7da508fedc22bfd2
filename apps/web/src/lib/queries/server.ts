import { queryOptions } from "@/lib/stack";
import type { KycInfo } from "@/server/services/kyc/types";
import { apiGet } from "../api";
import { queryKeys } from "./keys";

export type { KycInfo };

/** GET /api/kyc: the user's KYC status (Active or No Email counts as completed). */
export function kycQueryOptions(address: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.kyc(address ?? ""),
    queryFn: () => apiGet<KycInfo>(`/api/kyc?userAddress=${address}`),
    enabled: Boolean(address),
    staleTime: 0,
  });
}
