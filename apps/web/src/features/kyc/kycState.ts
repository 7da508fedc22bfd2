/**
 * The KYC state (spec section 3): whether a check is running, the last account verified, the
 * status answered by the server, and whether KYC is completed (Active or No Email). A tiny
 * external store, so the connect check can update it outside React and components can read it.
 */
import { useSyncExternalStore } from "react";
import type { KycInfo } from "@/lib/queries/server";
import { isKycCompleted } from "@/server/services/kyc/types";

export interface KycState {
  isVerifying: boolean;
  /** lowercase address of the last account found completed */
  lastVerifiedAccount: string | null;
  kycInfo: KycInfo | null;
  kycCompleted: boolean;
}

const INITIAL: KycState = {
  isVerifying: false,
  lastVerifiedAccount: null,
  kycInfo: null,
  kycCompleted: false,
};

let state: KycState = INITIAL;
const listeners = new Set<() => void>();

function set(next: Partial<KycState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const kycStore = {
  get: (): KycState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests. */
  reset: () => set(INITIAL),
};

export function useKycState(): KycState {
  return useSyncExternalStore(kycStore.subscribe, kycStore.get, () => INITIAL);
}

/** Records a status answered by the server (also used when the KYC modal completes). */
export function recordKycInfo(info: KycInfo): void {
  const completed = isKycCompleted(info.status);
  set({
    kycInfo: info,
    kycCompleted: completed,
    ...(completed ? { lastVerifiedAccount: info.address.toLowerCase() } : {}),
  });
}

/** Cached result for this account: completed when it is the last verified account. */
export function isKycCompletedFor(address: string | undefined): boolean {
  return (
    Boolean(address) && state.kycCompleted && state.lastVerifiedAccount === address!.toLowerCase()
  );
}

/**
 * Asks the server for the account's KYC status (GET /api/kyc) and records it. Resolves to the
 * info, or null when aborted (the wallets changed) or when the request failed; an aborted check
 * leaves the state untouched except for isVerifying.
 */
export async function checkKycStatus(
  address: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<KycInfo | null> {
  set({ isVerifying: true, kycCompleted: false, kycInfo: null });
  try {
    const response = await fetchImpl(`/api/kyc?userAddress=${address}`, {
      headers: { accept: "application/json" },
      signal,
    });
    if (!response.ok) throw new Error(`GET /api/kyc answered ${response.status}`);
    const info = (await response.json()) as KycInfo;
    if (signal.aborted) return null;
    recordKycInfo(info);
    return info;
  } catch (error) {
    if (signal.aborted) return null;
    console.error("KYC status check failed", error);
    return null;
  } finally {
    if (!signal.aborted) set({ isVerifying: false });
  }
}
