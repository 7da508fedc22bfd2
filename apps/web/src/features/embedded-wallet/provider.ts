/**
 * EIP-1193 provider of the embedded wallet (the self-hosted wallet created when a lender signs in
 * by email or Google), modelled on the Dev Wallet provider.
 *
 * Security properties:
 * - The private key lives only in memory, inside a viem local account, between {@link
 *   EmbeddedWalletProvider.unlock} and {@link EmbeddedWalletProvider.lock}. It is never logged,
 *   never sent anywhere, and no error thrown here carries it (or the message of an error that
 *   could). Only signatures and signed transactions leave the provider.
 * - Signing requests (personal_sign, eth_signTypedData_v4, eth_sendTransaction) must name the
 *   unlocked address, otherwise they are refused with 4100; typed data and transactions for
 *   another chain are refused.
 * - Blind signing is not offered: eth_sign, eth_signTransaction, legacy typed-data methods and
 *   any other `personal_*` / `wallet_*` / `eth_sign*` method are answered locally with 4200
 *   rather than forwarded to the RPC node (which must never sign for anybody).
 * - Everything else (reads, eth_sendRawTransaction, …) is forwarded to `rpcUrl` as JSON-RPC.
 */
import {
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type AccessList,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { ProviderRpcError } from "@/features/wallet/devWalletProvider";

type Listener = (...args: unknown[]) => void;

export interface EmbeddedWalletProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  /**
   * Holds `privateKey` in memory (as a viem local account) and makes its address the connected
   * account: emits `accountsChanged` [address] and `connect`. Returns the address.
   */
  unlock(privateKey: Hex): Address;
  /** Forgets the key; emits `accountsChanged` [] when an account was unlocked. */
  lock(): void;
  /** The unlocked address, or null. */
  address(): Address | null;
  readonly isEmbeddedWallet: true;
}

/** Priority fee used when the RPC does not answer eth_maxPriorityFeePerGas (1 gwei). */
const FALLBACK_PRIORITY_FEE = 1_000_000_000n;
const LOCKED_MESSAGE = "Sign in with email or Google first";

/** Methods answered locally with 4200 instead of being forwarded to the RPC. */
const UNSUPPORTED = /^(wallet_|personal_|eth_sign)/;

function rpcError(code: number, message: string, data?: unknown): ProviderRpcError {
  const err = new ProviderRpcError(code, message);
  if (data !== undefined) (err as ProviderRpcError & { data?: unknown }).data = data;
  return err;
}

const invalidParams = (message: string) => rpcError(-32602, message);

/** JSON-RPC transaction request, as viem/wagmi send it to eth_sendTransaction. */
type RpcTransactionRequest = {
  from?: string;
  to?: string | null;
  data?: string;
  input?: string;
  value?: string;
  gas?: string;
  nonce?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  gasPrice?: string;
  chainId?: string;
  accessList?: AccessList;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !isHex(value, { strict: true }) || value === "0x") {
    throw invalidParams(`${field} must be a hex quantity`);
  }
  return hexToBigInt(value);
}

export function createEmbeddedWalletProvider(
  rpcUrl: string,
  chainId: number,
): EmbeddedWalletProvider {
  const listeners = new Map<string, Set<Listener>>();
  let nextId = 1;
  let account: PrivateKeyAccount | null = null;
  /** eth_sendTransaction calls run one at a time so two never pick the same pending nonce. */
  let sendQueue: Promise<unknown> = Promise.resolve();
  const chainHex = numberToHex(chainId);

  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args);
  };

  async function rpc(method: string, params: unknown = []): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
      });
    } catch {
      throw rpcError(-32603, "The RPC is unreachable");
    }
    if (!res.ok) throw rpcError(-32603, `RPC ${res.status} ${res.statusText}`);
    const json = (await res.json()) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (json.error) throw rpcError(json.error.code, json.error.message, json.error.data);
    return json.result;
  }

  function unlocked(): PrivateKeyAccount {
    if (!account) throw rpcError(4100, LOCKED_MESSAGE);
    return account;
  }

  /** The unlocked account, provided `address` names it; 4100 otherwise. */
  function signerFor(address: unknown): PrivateKeyAccount {
    const current = unlocked();
    if (
      typeof address !== "string" ||
      !isAddress(address, { strict: false }) ||
      !isAddressEqual(address, current.address)
    ) {
      throw rpcError(4100, "The embedded wallet can only sign for its own address");
    }
    return current;
  }

  function lock(): void {
    const was = account;
    account = null;
    if (was) emit("accountsChanged", []);
  }

  function permissions(): { parentCapability: string; caveats: unknown[] }[] {
    if (!account) return [];
    return [
      {
        parentCapability: "eth_accounts",
        caveats: [{ type: "restrictReturnedAccounts", value: [account.address] }],
      },
    ];
  }

  async function personalSign(params: unknown): Promise<Hex> {
    const [message, address] = Array.isArray(params) ? (params as unknown[]) : [];
    const signer = signerFor(address);
    if (typeof message !== "string") throw invalidParams("personal_sign needs a message");
    // viem sends hex; a plain string is signed as its UTF-8 text
    return isHex(message, { strict: true })
      ? signer.signMessage({ message: { raw: message } })
      : signer.signMessage({ message });
  }

  async function signTypedDataV4(params: unknown): Promise<Hex> {
    const [address, payload] = Array.isArray(params) ? (params as unknown[]) : [];
    const signer = signerFor(address);
    let parsed: unknown;
    try {
      parsed = typeof payload === "string" ? JSON.parse(payload) : payload;
    } catch {
      throw invalidParams("The typed data is not valid JSON");
    }
    if (!isRecord(parsed) || !isRecord(parsed.types) || typeof parsed.primaryType !== "string") {
      throw invalidParams("The typed data needs types and primaryType");
    }
    const domain = isRecord(parsed.domain) ? parsed.domain : {};
    if (domain.chainId !== undefined && domain.chainId !== null) {
      let domainChain: bigint;
      try {
        domainChain = BigInt(domain.chainId as string | number | bigint);
      } catch {
        throw invalidParams("The typed data domain has an invalid chainId");
      }
      if (domainChain !== BigInt(chainId)) {
        throw invalidParams("The typed data is for another chain");
      }
    }
    const { EIP712Domain: _domainType, ...types } = parsed.types;
    try {
      return await signer.signTypedData({
        domain,
        types,
        primaryType: parsed.primaryType,
        message: isRecord(parsed.message) ? parsed.message : {},
      } as TypedDataDefinition);
    } catch {
      throw invalidParams("The typed data does not match its types");
    }
  }

  async function fees(
    tx: RpcTransactionRequest,
  ): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const maxFee = quantity(tx.maxFeePerGas, "maxFeePerGas");
    const maxPriority = quantity(tx.maxPriorityFeePerGas, "maxPriorityFeePerGas");
    const gasPrice = quantity(tx.gasPrice, "gasPrice");
    if (maxFee !== undefined && maxPriority !== undefined) {
      return { maxFeePerGas: maxFee, maxPriorityFeePerGas: min(maxPriority, maxFee) };
    }
    if (gasPrice !== undefined && maxFee === undefined && maxPriority === undefined) {
      return { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice };
    }
    let priority = maxPriority;
    if (priority === undefined) {
      try {
        priority = quantity(await rpc("eth_maxPriorityFeePerGas"), "eth_maxPriorityFeePerGas");
      } catch {
        priority = undefined;
      }
      priority ??= FALLBACK_PRIORITY_FEE;
    }
    let maxFeePerGas = maxFee;
    if (maxFeePerGas === undefined) {
      const block = await rpc("eth_getBlockByNumber", ["latest", false]);
      const baseFee = isRecord(block) ? quantity(block.baseFeePerGas, "baseFeePerGas") : undefined;
      const base = baseFee ?? quantity(await rpc("eth_gasPrice"), "eth_gasPrice") ?? 0n;
      maxFeePerGas = 2n * base + priority;
    }
    return { maxFeePerGas, maxPriorityFeePerGas: min(priority, maxFeePerGas) };
  }

  async function sendTransaction(params: unknown): Promise<Hex> {
    const [tx] = Array.isArray(params) ? (params as unknown[]) : [];
    if (!isRecord(tx)) throw invalidParams("eth_sendTransaction needs a transaction");
    const request = tx as RpcTransactionRequest;
    const signer = request.from === undefined ? unlocked() : signerFor(request.from);
    const from = signer.address;

    const txChain = quantity(request.chainId, "chainId");
    if (txChain !== undefined && txChain !== BigInt(chainId)) {
      throw invalidParams("The transaction is for another chain");
    }
    if (request.to !== undefined && request.to !== null) {
      if (typeof request.to !== "string" || !isAddress(request.to, { strict: false })) {
        throw invalidParams("to must be an address");
      }
    }
    const to = (request.to ?? undefined) as Address | undefined;
    const dataField = request.data ?? request.input;
    if (dataField !== undefined && (typeof dataField !== "string" || !isHex(dataField))) {
      throw invalidParams("data must be hex");
    }
    const data = dataField as Hex | undefined;
    const value = quantity(request.value, "value") ?? 0n;

    let nonce = quantity(request.nonce, "nonce");
    if (nonce === undefined) {
      nonce = quantity(await rpc("eth_getTransactionCount", [from, "pending"]), "nonce") ?? 0n;
    }
    let gas = quantity(request.gas, "gas");
    if (gas === undefined) {
      const estimate: Record<string, unknown> = { from, value: numberToHex(value) };
      if (to) estimate.to = to;
      if (data) estimate.data = data;
      const estimated = quantity(await rpc("eth_estimateGas", [estimate]), "gas") ?? 21_000n;
      gas = estimated + estimated / 5n; // 20% headroom
    }
    const { maxFeePerGas, maxPriorityFeePerGas } = await fees(request);

    const serialized = await signer.signTransaction({
      type: "eip1559",
      chainId,
      nonce: Number(nonce),
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
      to,
      value,
      data,
      accessList: request.accessList,
    });
    return (await rpc("eth_sendRawTransaction", [serialized])) as Hex;
  }

  return {
    isEmbeddedWallet: true,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    unlock(privateKey) {
      let next: PrivateKeyAccount;
      try {
        next = privateKeyToAccount(privateKey);
      } catch {
        // never rethrow the original: its message could quote the key
        throw new Error("Invalid embedded wallet key");
      }
      account = next;
      emit("accountsChanged", [next.address]);
      emit("connect", { chainId: chainHex });
      return next.address;
    },
    lock,
    address() {
      return account?.address ?? null;
    },
    async request({ method, params }) {
      switch (method) {
        case "eth_requestAccounts":
          return [unlocked().address];
        case "eth_accounts":
          return account ? [account.address] : [];
        case "eth_chainId":
          return chainHex;
        case "wallet_requestPermissions":
          unlocked();
          return permissions();
        case "wallet_getPermissions":
          return permissions();
        case "wallet_revokePermissions":
          lock();
          return null;
        case "wallet_switchEthereumChain": {
          const target = (params as [{ chainId?: string }] | undefined)?.[0]?.chainId;
          if (typeof target === "string" && target.toLowerCase() === chainHex) return null;
          throw rpcError(4902, "The embedded wallet only works on this app's chain");
        }
        case "wallet_addEthereumChain":
          throw rpcError(4200, "The embedded wallet only works on this app's chain");
        case "personal_sign":
          return personalSign(params);
        case "eth_signTypedData_v4":
          return signTypedDataV4(params);
        case "eth_sendTransaction": {
          const run = sendQueue.then(() => sendTransaction(params));
          sendQueue = run.catch(() => undefined);
          return run;
        }
        default:
          if (UNSUPPORTED.test(method)) {
            throw rpcError(4200, `The embedded wallet does not support ${method}`);
          }
          return rpc(method, params ?? []);
      }
    },
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
