// @vitest-environment node
import {
  createWalletClient,
  custom,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  stringToHex,
  verifyMessage,
  verifyTypedData,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProviderRpcError } from "@/features/wallet/devWalletProvider";
import { createEmbeddedWalletProvider, type EmbeddedWalletProvider } from "./provider";

const RPC_URL = "http://rpc.test";
const CHAIN_ID = 31337;
const privateKey = generatePrivateKey();
const address = privateKeyToAccount(privateKey).address;
const other = privateKeyToAccount(generatePrivateKey()).address;

type Call = { method: string; params: unknown[] };
let calls: Call[];
let rawSent: Hex[];
let nonce: number;
let rpcOverrides: Record<string, (params: unknown[]) => unknown>;

/** A fake JSON-RPC node: enough for eth_sendTransaction, plus overrides per test. */
function fakeRpc(method: string, params: unknown[]): unknown {
  const override = rpcOverrides[method];
  if (override) return override(params);
  switch (method) {
    case "eth_getTransactionCount":
      return `0x${nonce.toString(16)}`;
    case "eth_estimateGas":
      return "0x5208"; // 21000
    case "eth_maxPriorityFeePerGas":
      return "0x3b9aca00"; // 1 gwei
    case "eth_getBlockByNumber":
      return { number: "0x10", baseFeePerGas: "0x7" };
    case "eth_sendRawTransaction": {
      const raw = params[0] as Hex;
      rawSent.push(raw);
      nonce++;
      return keccak256(raw);
    }
    case "eth_blockNumber":
      return "0x10";
    default:
      throw Object.assign(new Error(`method ${method} not found`), { code: -32601 });
  }
}

beforeEach(() => {
  calls = [];
  rawSent = [];
  nonce = 5;
  rpcOverrides = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: { body: string }) => {
      const { id, method, params } = JSON.parse(init.body) as {
        id: number;
        method: string;
        params: unknown[];
      };
      calls.push({ method, params });
      try {
        return Response.json({ jsonrpc: "2.0", id, result: fakeRpc(method, params) });
      } catch (e) {
        const err = e as Error & { code?: number; data?: unknown };
        return Response.json({
          jsonrpc: "2.0",
          id,
          error: { code: err.code ?? -32000, message: err.message, data: err.data },
        });
      }
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function unlockedProvider(): EmbeddedWalletProvider {
  const provider = createEmbeddedWalletProvider(RPC_URL, CHAIN_ID);
  expect(provider.unlock(privateKey)).toBe(address);
  return provider;
}

async function rpcError(promise: Promise<unknown>): Promise<ProviderRpcError> {
  const err = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderRpcError);
  const rpcErr = err as ProviderRpcError;
  // the key never rides on an error
  expect(JSON.stringify({ ...rpcErr, message: rpcErr.message, stack: rpcErr.stack })).not.toContain(
    privateKey.slice(2),
  );
  return rpcErr;
}

const typedData = {
  domain: {
    name: "Lending",
    version: "1",
    chainId: CHAIN_ID,
    verifyingContract: "0x00000000000000000000000000000000000000aa",
  },
  types: {
    Permit: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
      { name: "deadline", type: "uint256" },
    ],
  },
  primaryType: "Permit",
  message: {
    owner: address,
    spender: other,
    value: 10n ** 24n,
    deadline: 1_900_000_000n,
  },
} as const;

describe("embedded wallet provider", () => {
  it("answers accounts, chain and permissions", async () => {
    const provider = createEmbeddedWalletProvider(RPC_URL, CHAIN_ID);
    const changes: unknown[] = [];
    const connects: unknown[] = [];
    provider.on("accountsChanged", (a) => changes.push(a));
    provider.on("connect", (c) => connects.push(c));

    expect(provider.isEmbeddedWallet).toBe(true);
    expect(provider.address()).toBeNull();
    await expect(provider.request({ method: "eth_accounts" })).resolves.toEqual([]);
    expect((await rpcError(provider.request({ method: "eth_requestAccounts" }))).code).toBe(4100);
    await expect(provider.request({ method: "wallet_getPermissions" })).resolves.toEqual([]);
    await expect(provider.request({ method: "eth_chainId" })).resolves.toBe("0x7a69");

    provider.unlock(privateKey);
    expect(changes).toEqual([[address]]);
    expect(connects).toEqual([{ chainId: "0x7a69" }]);
    expect(provider.address()).toBe(address);
    await expect(provider.request({ method: "eth_accounts" })).resolves.toEqual([address]);
    await expect(provider.request({ method: "eth_requestAccounts" })).resolves.toEqual([address]);
    await expect(provider.request({ method: "wallet_getPermissions" })).resolves.toMatchObject([
      { parentCapability: "eth_accounts" },
    ]);
    await expect(
      provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] }),
    ).resolves.toBeNull();
    expect(
      (
        await rpcError(
          provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] }),
        )
      ).code,
    ).toBe(4902);
    expect((await rpcError(provider.request({ method: "wallet_addEthereumChain" }))).code).toBe(
      4200,
    );

    await expect(provider.request({ method: "wallet_revokePermissions" })).resolves.toBeNull();
    expect(changes).toEqual([[address], []]);
    expect(provider.address()).toBeNull();
    await expect(provider.request({ method: "eth_accounts" })).resolves.toEqual([]);
    expect(calls).toEqual([]);
  });

  it("personal_sign verifies for the address", async () => {
    const provider = unlockedProvider();
    const message = "Sign in to Lending\nnonce: 42";
    const signature = (await provider.request({
      method: "personal_sign",
      params: [stringToHex(message), address],
    })) as Hex;
    await expect(verifyMessage({ address, message, signature })).resolves.toBe(true);
  });

  it("eth_signTypedData_v4 verifies for the address (as sent by a viem wallet client)", async () => {
    const provider = unlockedProvider();
    const client = createWalletClient({ account: address, transport: custom(provider) });
    const signature = await client.signTypedData(typedData);
    await expect(verifyTypedData({ address, ...typedData, signature })).resolves.toBe(true);
    expect(calls).toEqual([]);
  });

  it("refuses typed data for another chain", async () => {
    const provider = unlockedProvider();
    const payload = JSON.stringify(
      { ...typedData, domain: { ...typedData.domain, chainId: 1 } },
      (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v),
    );
    const err = await rpcError(
      provider.request({ method: "eth_signTypedData_v4", params: [address, payload] }),
    );
    expect(err.code).toBe(-32602);
  });

  it("eth_sendTransaction signs and sends a raw transaction from the address", async () => {
    const provider = unlockedProvider();
    const hash = await provider.request({
      method: "eth_sendTransaction",
      params: [{ from: address, to: other, value: "0xde0b6b3a7640000", data: "0x1234" }],
    });
    expect(rawSent).toHaveLength(1);
    const raw = rawSent[0]!;
    expect(hash).toBe(keccak256(raw));
    expect(calls.at(-1)?.method).toBe("eth_sendRawTransaction");

    const tx = parseTransaction(raw);
    expect(tx).toMatchObject({
      type: "eip1559",
      chainId: CHAIN_ID,
      nonce: 5,
      to: other.toLowerCase(),
      value: 10n ** 18n,
      data: "0x1234",
      gas: 25_200n, // 21000 + 20%
      maxPriorityFeePerGas: 1_000_000_000n,
      maxFeePerGas: 2n * 7n + 1_000_000_000n,
    });
    await expect(
      recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` }),
    ).resolves.toBe(address);
    expect(calls.find((c) => c.method === "eth_getTransactionCount")?.params).toEqual([
      address,
      "pending",
    ]);
  });

  it("falls back to a 1 gwei tip, keeps given gas, and serialises nonces", async () => {
    rpcOverrides.eth_maxPriorityFeePerGas = () => {
      throw Object.assign(new Error("not supported"), { code: -32601 });
    };
    const provider = unlockedProvider();
    const send = () =>
      provider.request({
        method: "eth_sendTransaction",
        params: [{ from: address, to: other, gas: "0x7530" }],
      });
    await Promise.all([send(), send()]);
    const txs = rawSent.map((raw) => parseTransaction(raw));
    expect(txs.map((t) => t.nonce)).toEqual([5, 6]);
    expect(txs[0]).toMatchObject({ gas: 30_000n, maxPriorityFeePerGas: 1_000_000_000n });
    expect(calls.some((c) => c.method === "eth_estimateGas")).toBe(false);
  });

  it("works for a viem wallet client's sendTransaction", async () => {
    const provider = unlockedProvider();
    rpcOverrides.eth_chainId = () => "0x7a69";
    const client = createWalletClient({ account: address, transport: custom(provider) });
    const hash = await client.sendTransaction({ to: other, value: 1n, chain: null });
    expect(hash).toBe(keccak256(rawSent[0]!));
    await expect(
      recoverTransactionAddress({ serializedTransaction: rawSent[0] as `0x02${string}` }),
    ).resolves.toBe(address);
  });

  it("refuses to sign when locked", async () => {
    const provider = createEmbeddedWalletProvider(RPC_URL, CHAIN_ID);
    const locked = [
      provider.request({ method: "personal_sign", params: ["0x68656c6c6f", address] }),
      provider.request({
        method: "eth_signTypedData_v4",
        params: [address, JSON.stringify({ types: {}, primaryType: "X", message: {} })],
      }),
      provider.request({ method: "eth_sendTransaction", params: [{ from: address, to: other }] }),
    ];
    for (const p of locked) expect((await rpcError(p)).code).toBe(4100);

    provider.unlock(privateKey);
    provider.lock();
    expect(
      (await rpcError(provider.request({ method: "personal_sign", params: ["0x00", address] })))
        .code,
    ).toBe(4100);
    expect(rawSent).toEqual([]);
  });

  it("refuses to sign for another address", async () => {
    const provider = unlockedProvider();
    const refused = [
      provider.request({ method: "personal_sign", params: ["0x68656c6c6f", other] }),
      provider.request({
        method: "eth_signTypedData_v4",
        params: [other, JSON.stringify({ ...typedData, message: {} })],
      }),
      provider.request({ method: "eth_sendTransaction", params: [{ from: other, to: address }] }),
    ];
    for (const p of refused) expect((await rpcError(p)).code).toBe(4100);
    expect(rawSent).toEqual([]);
  });

  it("does not offer blind signing nor forward signing methods to the RPC", async () => {
    const provider = unlockedProvider();
    for (const method of [
      "eth_sign",
      "eth_signTransaction",
      "eth_signTypedData_v3",
      "wallet_sendCalls",
    ]) {
      expect((await rpcError(provider.request({ method, params: [address, "0x00"] }))).code).toBe(
        4200,
      );
    }
    expect(calls).toEqual([]);
  });

  it("forwards other requests and maps RPC errors", async () => {
    const provider = unlockedProvider();
    await expect(provider.request({ method: "eth_blockNumber" })).resolves.toBe("0x10");
    rpcOverrides.eth_call = () => {
      throw Object.assign(new Error("execution reverted"), { code: 3, data: "0x08c379a0" });
    };
    const err = await rpcError(provider.request({ method: "eth_call", params: [{ to: other }] }));
    expect(err.code).toBe(3);
    expect(err.message).toBe("execution reverted");
    expect((err as ProviderRpcError & { data?: unknown }).data).toBe("0x08c379a0");
  });

  it("does not put the key on an invalid-key error", () => {
    const provider = createEmbeddedWalletProvider(RPC_URL, CHAIN_ID);
    const bad = `0x${"ff".repeat(32)}` as Hex; // >= curve order
    expect(() => provider.unlock(bad)).toThrow("Invalid embedded wallet key");
    try {
      provider.unlock(bad);
    } catch (e) {
      expect(String((e as Error).stack)).not.toContain("ff".repeat(32));
      expect((e as Error).cause).toBeUndefined();
    }
  });
});
