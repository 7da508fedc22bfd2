/** The console's API calls (app/api/manage/*) and their query keys. */
import { apiGet, apiPost } from "@/lib/api";
import type { Health, PoolHealth } from "@/server/services/manage/health";

export type OperatorRole = "DEFAULT_ADMIN_ROLE" | "POOL_MANAGER_ROLE" | "KEEPER_ROLE";

// the server's answer, typed once (a type-only import: nothing of the server is bundled)
export type { Health, PoolHealth };

export type ReviewItem = {
  address: string;
  status: string;
  entityType?: string;
  fullName?: string;
  email: string | null;
};

export type AuditEntry = {
  id: number;
  actor: string;
  action: string;
  target: string;
  reason: string;
  details: Record<string, string>;
  txHash: string | null;
  createdAt: string;
};

export const manageKeys = {
  all: ["manage"] as const,
  roles: (address: string | undefined) => ["manage", "roles", address ?? ""] as const,
  health: () => ["manage", "health"] as const,
  kyc: () => ["manage", "kyc"] as const,
  audit: () => ["manage", "audit"] as const,
};

export const fetchRoles = (address: string) =>
  apiGet<{ roles: OperatorRole[] }>(`/api/manage/roles?address=${address}`);
export const fetchHealth = () => apiGet<Health>("/api/manage/health");
export const fetchReviewQueue = () => apiGet<{ queue: ReviewItem[] }>("/api/manage/kyc");
export const postReview = (body: {
  address: string;
  decision: "approve" | "reject";
  reason: string;
}) => apiPost<{ address: string; status: string }>("/api/manage/kyc", body);
export const fetchAudit = () => apiGet<{ entries: AuditEntry[] }>("/api/manage/audit");
export const postAudit = (body: { txHash: string; reason: string }) =>
  apiPost<{ recorded: boolean }>("/api/manage/audit", body);
export const AUDIT_CSV_URL = "/api/manage/audit/csv";
