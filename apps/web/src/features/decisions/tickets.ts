import type { LoanTicket } from "@lending/sdk";
import { apiGet } from "@/lib/api";

/** The query key of the connected wallet's loan tickets (personal: read with its session). */
export const ticketsKey = (chainId: number, address: string) =>
  ["decisions", chainId, address.toLowerCase()] as const;

/** GET /api/loan-tickets: the wallet's tickets; 401/403 without its session. */
export function fetchTickets(chainId: number, address: string): Promise<LoanTicket[]> {
  const q = new URLSearchParams({ chainId: String(chainId), userAddress: address.toLowerCase() });
  return apiGet<LoanTicket[]>(`/api/loan-tickets?${q}`);
}
