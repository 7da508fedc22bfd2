/** The console's API calls (app/api/manage/*) and their query keys. */
import { apiGet } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";
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
  referralPayouts: () => ["manage", "referral-payouts"] as const,
  loanTickets: () => ["manage", "loan-tickets"] as const,
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

export type ForceWithdrawalPlan = {
  poolId: string;
  trancheId: string;
  user: string;
  shares: string;
  freeShares: string;
  freeValue: string;
  value: string;
  reason: string;
};
export const checkForceWithdrawal = (body: {
  poolId: string;
  trancheId: string;
  user: string;
  amount: string;
  reason: string;
}) => apiPost<ForceWithdrawalPlan>("/api/manage/force-withdrawal", body);

export type ReferralPayout = {
  poolId: string;
  epoch: string;
  referrer: string;
  reward: string;
  lenders: number;
  status: "paid" | "deferred" | "refused" | "failed" | "waiting";
  paidTx: string | null;
  refusal: string | null;
  clearedAt: string;
};
export const fetchReferralPayouts = () =>
  apiGet<{ payouts: ReferralPayout[] }>("/api/manage/referral-payouts");

export type TicketOverview = {
  id: number;
  poolId: string;
  trancheId: string;
  endBorrowerId: string;
  endBorrowerName: string;
  assets: string;
  createdOn: string;
  notices: { user: string; emailSentAt: string | null }[];
  decisions: { user: string; status: "optedIn" | "optedOut"; at: string }[];
  returns: { user: string; shares: string; nftId: string | null; transactionHash: string | null }[];
};
export type ReturnPlan = { user: string; shares: string; exposure: string; skipped?: string };

export const fetchLoanTickets = () =>
  apiGet<{ tickets: TicketOverview[] }>("/api/manage/loan-tickets");
export const postLoanTicket = (body: {
  poolId: string;
  trancheId: string;
  endBorrowerId: string;
  endBorrowerName: string;
  assets: string;
}) => apiPost<{ id: number; notified: number; mailed: number }>("/api/manage/loan-tickets", body);
export const planTicketReturns = (ticketId: number) =>
  apiPost<{ returns: ReturnPlan[] }>("/api/manage/loan-tickets/returns", { ticketId });
/** After a loss report: mails each lender of the pool (once per lender and loss). */
export const postLossMail = (txHash: string) =>
  apiPost<{ poolId: string; lenders: number; mailed: number; alreadyMailed: number }>(
    "/api/manage/loss-mail",
    { txHash },
  );
/** Reserves a lender's return before signing (a second operator is refused with 409). */
export const reserveTicketReturn = (body: { ticketId: number; user: string }) =>
  apiPost<{ shares: string; exposure: string }>("/api/manage/loan-tickets/returns/reserve", body);
/** Releases the reservation after a refused signature or a reverted withdrawal. */
export const releaseTicketReturn = (body: { ticketId: number; user: string }) =>
  apiPost<{ outcome: "released" | "completed" }>("/api/manage/loan-tickets/returns/release", body);
export const recordTicketReturn = (body: { ticketId: number; user: string; txHash: string }) =>
  apiPost<{ nftId: string }>("/api/manage/loan-tickets/returns/record", body);
