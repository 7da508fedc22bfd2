/**
 * "Dev Wallet": an EIP-1193 provider for the local anvil chain. Every request goes to the anvil
 * RPC, whose unlocked default accounts sign (eth_sendTransaction, personal_sign,
 * eth_signTypedData_v4). No private key ever reaches the browser.
 *
 * It only reports accounts after `eth_requestAccounts` (remembered in localStorage) so wagmi
 * does not connect it on its own, and it lets the app pick the active account.
 */

type Listener = (...args: unknown[]) => void;

export interface DevWalletProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  /** make `address` the active account (first in eth_accounts) */
  selectAccount(address: string): void;
  /** every account the dev wallet offers */
  allAccounts(): Promise<string[]>;
  readonly isDevWallet: true;
}

export const DEV_WALLET_ID = "devWallet";
const AUTH_KEY = "lending.devWallet.authorized";
const SELECTED_KEY = "lending.devWallet.selected";

export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function createDevWalletProvider(rpcUrl: string, chainId: number): DevWalletProvider {
  const listeners = new Map<string, Set<Listener>>();
  let nextId = 1;
  let accountsCache: string[] | undefined;

  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args);
  };

  async function rpc(method: string, params: unknown = []): Promise<unknown> {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
    });
    if (!res.ok) throw new ProviderRpcError(-32603, `RPC ${res.status} ${res.statusText}`);
    const json = (await res.json()) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (json.error) {
      const err = new ProviderRpcError(json.error.code, json.error.message);
      (err as ProviderRpcError & { data?: unknown }).data = json.error.data;
      throw err;
    }
    return json.result;
  }

  /** anvil's account 0 deploys; the demo lenders are 1..4. Fall back to all accounts. */
  async function allAccounts(): Promise<string[]> {
    if (!accountsCache) {
      const all = ((await rpc("eth_accounts")) as string[]).map((a) => a.toLowerCase());
      const lenders = all.slice(1, 5);
      accountsCache = lenders.length > 0 ? lenders : all;
    }
    return accountsCache;
  }

  async function orderedAccounts(): Promise<string[]> {
    const all = await allAccounts();
    const selected = storage()?.getItem(SELECTED_KEY)?.toLowerCase();
    if (selected && all.includes(selected)) return [selected, ...all.filter((a) => a !== selected)];
    return all;
  }

  const chainHex = `0x${chainId.toString(16)}`;

  return {
    isDevWallet: true,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    allAccounts,
    selectAccount(address) {
      storage()?.setItem(SELECTED_KEY, address.toLowerCase());
      void orderedAccounts().then((accounts) => emit("accountsChanged", accounts));
    },
    async request({ method, params }) {
      switch (method) {
        case "eth_requestAccounts": {
          storage()?.setItem(AUTH_KEY, "1");
          return orderedAccounts();
        }
        case "eth_accounts":
          return storage()?.getItem(AUTH_KEY) ? orderedAccounts() : [];
        case "eth_chainId":
          return chainHex;
        case "wallet_requestPermissions":
          storage()?.setItem(AUTH_KEY, "1");
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_getPermissions":
          return storage()?.getItem(AUTH_KEY) ? [{ parentCapability: "eth_accounts" }] : [];
        case "wallet_revokePermissions":
          storage()?.removeItem(AUTH_KEY);
          return null;
        case "wallet_switchEthereumChain": {
          const target = (params as [{ chainId?: string }] | undefined)?.[0]?.chainId;
          if (target?.toLowerCase() === chainHex) return null;
          throw new ProviderRpcError(4902, "The Dev Wallet only works on the local chain");
        }
        case "wallet_addEthereumChain":
          throw new ProviderRpcError(4200, "The Dev Wallet only works on the local chain");
        default:
          return rpc(method, params ?? []);
      }
    },
  };
}
