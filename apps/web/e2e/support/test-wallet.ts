import type { BrowserContext, Page } from "@playwright/test";
import {
  createWalletClient,
  hexToBigInt,
  http,
  numberToHex,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";

/** anvil dev account 1 (public, well-known key; local chain only). */
export const TEST_WALLET_PRIVATE_KEY: Hex =
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
export const TEST_WALLET_NAME = "Test Wallet";

type RpcRequest = { method: string; params?: unknown[] };
type RpcReply = { result?: unknown; error?: { code: number; message: string } };

export type TestWallet = {
  /** the account the wallet started with */
  address: Address;
  /** True once the page asked for accounts (eth_requestAccounts). */
  isConnected: () => boolean;
  /**
   * While on, the wallet refuses every transaction as a user pressing Reject would: EIP-1193
   * error 4001 (signatures are still answered).
   */
  rejectTransactions: (on: boolean) => void;
  /** While on, the wallet refuses every message signature (personal_sign) with error 4001. */
  rejectSignatures: (on: boolean) => void;
  /**
   * The user picks another account in the wallet: `eth_accounts` answers it and the pages of
   * the target get `accountsChanged`.
   */
  switchAccount: (privateKey: Hex) => Promise<void>;
};

class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function forward(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const json = (await res.json()) as {
    result?: unknown;
    error?: { code: number; message: string };
  };
  if (json.error) throw new WalletRpcError(json.error.code, json.error.message);
  return json.result;
}

type TxParams = { to?: Address; data?: Hex; value?: Hex; gas?: Hex; nonce?: Hex };

/**
 * Injects an EIP-1193 provider into every page of `target`, announced by EIP-6963 as
 * "Test Wallet". Accounts and signatures are answered in Node with a viem private-key account;
 * everything else is forwarded to anvil. `eth_accounts` returns [] until `eth_requestAccounts`,
 * so wagmi does not auto-connect.
 */
export async function installTestWallet(
  target: Page | BrowserContext,
  opts: { rpcUrl: string; chainId: number; privateKey?: Hex },
): Promise<TestWallet> {
  const chain = { ...foundry, id: opts.chainId };
  const walletOf = (key: Hex) =>
    createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(opts.rpcUrl) });
  let wallet = walletOf(opts.privateKey ?? TEST_WALLET_PRIVATE_KEY);
  let account = wallet.account;
  const initialAddress = account.address;
  let connected = false;
  let rejecting = false;
  let rejectingSignatures = false;
  const chainIdHex = numberToHex(opts.chainId);

  async function handle({ method, params = [] }: RpcRequest): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
        connected = true;
        return [account.address];
      case "eth_accounts":
        return connected ? [account.address] : [];
      case "eth_chainId":
        return chainIdHex;
      case "net_version":
        return String(opts.chainId);
      case "wallet_requestPermissions":
        connected = true;
        return [{ parentCapability: "eth_accounts" }];
      case "wallet_getPermissions":
        return connected ? [{ parentCapability: "eth_accounts" }] : [];
      case "wallet_revokePermissions":
        connected = false;
        return null;
      case "wallet_switchEthereumChain": {
        const wanted = (params[0] as { chainId?: string } | undefined)?.chainId;
        if (wanted && hexToBigInt(wanted as Hex) !== BigInt(opts.chainId)) {
          throw new WalletRpcError(4902, `Test Wallet only knows chain ${opts.chainId}`);
        }
        return null;
      }
      case "wallet_addEthereumChain":
        return null;
      case "personal_sign": {
        requireConnected();
        if (rejectingSignatures) throw new WalletRpcError(4001, "User rejected the request.");
        const [data] = params as [Hex];
        return account.signMessage({ message: { raw: data } });
      }
      case "eth_signTypedData_v4": {
        requireConnected();
        const raw = params[1];
        const typed = (typeof raw === "string" ? JSON.parse(raw) : raw) as TypedDataDefinition & {
          types: Record<string, unknown>;
        };
        const { EIP712Domain: _domain, ...types } = typed.types;
        return account.signTypedData({ ...typed, types } as TypedDataDefinition);
      }
      case "eth_sendTransaction": {
        requireConnected();
        if (rejecting) throw new WalletRpcError(4001, "User rejected the request.");
        const tx = params[0] as TxParams;
        return wallet.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value ? hexToBigInt(tx.value) : undefined,
          gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
          nonce: tx.nonce ? Number(hexToBigInt(tx.nonce)) : undefined,
        });
      }
      default:
        return forward(opts.rpcUrl, method, params);
    }
  }
  function requireConnected() {
    if (!connected) throw new WalletRpcError(4100, "Test Wallet: not connected");
  }

  await target.exposeFunction("__testWalletRequest", async (json: string): Promise<RpcReply> => {
    try {
      return { result: await handle(JSON.parse(json) as RpcRequest) };
    } catch (error) {
      const code = error instanceof WalletRpcError ? error.code : -32603;
      return { error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  });

  await target.addInitScript(
    ({ name, chainId }) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const emit = (event: string, ...args: unknown[]) =>
        listeners.get(event)?.forEach((fn) => {
          try {
            fn(...args);
          } catch (e) {
            console.warn("Test Wallet listener failed", e);
          }
        });
      const bridge = (
        window as unknown as { __testWalletRequest: (json: string) => Promise<RpcReply> }
      ).__testWalletRequest;
      const provider = {
        isTestWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const reply = await bridge(JSON.stringify({ method, params: params ?? [] }));
          if (reply.error) {
            const err = new Error(reply.error.message) as Error & { code: number };
            err.code = reply.error.code;
            throw err;
          }
          if (method === "eth_requestAccounts" || method === "wallet_requestPermissions") {
            const accounts = (await bridge(JSON.stringify({ method: "eth_accounts", params: [] })))
              .result;
            setTimeout(() => {
              emit("connect", { chainId });
              emit("accountsChanged", accounts);
            }, 0);
          }
          if (method === "wallet_revokePermissions")
            setTimeout(() => emit("accountsChanged", []), 0);
          return reply.result;
        },
        on(event: string, fn: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)?.add(fn);
          return provider;
        },
        removeListener(event: string, fn: Listener) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };
      const icon =
        "data:image/svg+xml;base64," +
        btoa(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0a7"/></svg>',
        );
      const info = {
        uuid: "4f1c9f7e-7a53-4c1e-9d3b-7e5f1c2a9b10",
        name,
        icon,
        rdns: "dev.lending.testwallet",
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", {
            detail: Object.freeze({ info, provider }),
          }),
        );
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
      // For switchAccount: the wallet tells the page, as a real one does.
      (window as unknown as { __testWalletEmit: typeof emit }).__testWalletEmit = emit;
    },
    { name: TEST_WALLET_NAME, chainId: chainIdHex },
  );

  const pages = () => ("pages" in target ? target.pages() : [target]);
  return {
    address: initialAddress,
    isConnected: () => connected,
    rejectTransactions: (on) => {
      rejecting = on;
    },
    rejectSignatures: (on) => {
      rejectingSignatures = on;
    },
    async switchAccount(privateKey) {
      wallet = walletOf(privateKey);
      account = wallet.account;
      const accounts = connected ? [account.address] : [];
      for (const page of pages()) {
        await page.evaluate(
          (a) =>
            (
              window as unknown as { __testWalletEmit: (e: string, ...args: unknown[]) => void }
            ).__testWalletEmit("accountsChanged", a),
          accounts,
        );
      }
    },
  };
}
