/** The last active wallet, kept in localStorage (spec: "Wallet data"). */
export interface LastActiveWallet {
  connectorId: string;
  address: string;
}

export const LAST_ACTIVE_WALLET_KEY = "lending.lastActiveWallet";

export function readLastActiveWallet(storage: Storage | undefined): LastActiveWallet | undefined {
  try {
    const raw = storage?.getItem(LAST_ACTIVE_WALLET_KEY);
    if (!raw) return undefined;
    const v = JSON.parse(raw) as Partial<LastActiveWallet>;
    if (typeof v.connectorId !== "string" || typeof v.address !== "string") return undefined;
    return { connectorId: v.connectorId, address: v.address };
  } catch {
    return undefined;
  }
}

export function writeLastActiveWallet(storage: Storage | undefined, w: LastActiveWallet): void {
  try {
    storage?.setItem(LAST_ACTIVE_WALLET_KEY, JSON.stringify(w));
  } catch {
    // storage full or disabled: nothing to keep
  }
}

export function browserStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
