// @vitest-environment node
import { approve, requestDepositWithKyc } from "@lending/sdk";
import { anvil } from "viem/chains";
import { mnemonicToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { createConfig, http, mock, type Config } from "wagmi";
import { connect, disconnect, getBlockNumber } from "wagmi/actions";
import { runTransaction } from "./pipeline";

// The toasts are the UI boundary: record them instead of mounting sonner.
type Toast = { type: string; title: string; txHash?: { hash: string; explorerUrl?: string } };
const toasts = vi.hoisted(() => [] as Toast[]);
vi.mock("@/components/toast/toast", () => ({
  showToast: (o: Toast) => {
    toasts.push(o);
    return Promise.resolve(1);
  },
  dismissToast: () => Promise.resolve(),
}));

// The real estimate, unless a test stands in a fixed one (a revert that only shows when mined).
const fixedEstimate = vi.hoisted(() => ({ gas: undefined as bigint | undefined }));
vi.mock("wagmi/actions", async (importOriginal) => {
  const actual = await importOriginal<typeof import("wagmi/actions")>();
  return {
    ...actual,
    estimateGas: ((...args: Parameters<typeof actual.estimateGas>) =>
      fixedEstimate.gas === undefined
        ? actual.estimateGas(...args)
        : Promise.resolve(fixedEstimate.gas)) as typeof actual.estimateGas,
  };
});

// anvil dev account 6: not used by the seed or other tests.
const user = mnemonicToAccount("test test test test test test test test test test test junk", {
  addressIndex: 6,
}).address;

describe("runTransaction (on the shared anvil fixture)", () => {
  const { rpcUrl, chainId, deployment } = inject("anvil");
  let config: Config;

  beforeEach(() => {
    toasts.length = 0;
    fixedEstimate.gas = undefined;
    const chain = { ...anvil, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } };
    config = createConfig({
      chains: [chain],
      connectors: [mock({ accounts: [user] })],
      transports: { [chain.id]: http(rpcUrl) },
      pollingInterval: 50,
    });
  });
  afterEach(async () => {
    await disconnect(config).catch(() => {});
    vi.restoreAllMocks();
  });

  it("sends, waits for the receipt and shows only the Processing toast", async () => {
    await connect(config, { connector: config.connectors[0]! });
    const tx = approve({
      token: deployment.usdc,
      spender: deployment.lendingPoolManager,
      amount: 1n,
    });
    const result = await runTransaction({ config, chainId }, tx, { title: "approve error" });
    expect(result?.receipt.status).toBe("success");
    expect(toasts.map((t) => [t.type, t.title])).toEqual([["info", "Processing"]]);
  });

  it("sends the gas estimate plus a fifth, so a dearer mined block does not run out of gas", async () => {
    await connect(config, { connector: config.connectors[0]! });
    const tx = approve({
      token: deployment.usdc,
      spender: deployment.lendingPoolManager,
      amount: 2n,
    });
    const { getTransaction, estimateGas } = await import("wagmi/actions");
    const estimate = await estimateGas(config, { account: user, chainId, ...tx });
    const result = await runTransaction({ config, chainId }, tx, { title: "approve error" });
    const sent = await getTransaction(config, { hash: result!.hash, chainId });
    expect(sent.gas).toBe((estimate * 120n + 99n) / 100n);
  });

  it("shows a revert found by the estimate before the wallet is asked, with its reason", async () => {
    await connect(config, { connector: config.connectors[0]! });
    const tx = requestDepositWithKyc(deployment, {
      poolId: 999n,
      trancheId: 0n,
      amount: 1n,
      fixedTermConfigId: 0n,
      acceptance: { signature: "0x", timestamp: 1n, version: 1 },
      kyc: { nonce: 0n, blockExpiration: 0n, signature: "0x" },
    });
    const before = await getBlockNumber(config, { chainId });
    const result = await runTransaction({ config, chainId }, tx, { title: "deposit error" });
    expect(result).toBeNull();
    expect(toasts).toEqual([
      expect.objectContaining({ type: "error", title: "transaction reverted", txHash: undefined }),
    ]);
    expect(await getBlockNumber(config, { chainId })).toBe(before); // nothing was sent
  });

  it("maps a mined, reverted transaction to 'transaction reverted' with its hash", async () => {
    await connect(config, { connector: config.connectors[0]! });
    const tx = requestDepositWithKyc(deployment, {
      poolId: 999n,
      trancheId: 0n,
      amount: 1n,
      fixedTermConfigId: 0n,
      acceptance: { signature: "0x", timestamp: 1n, version: 1 },
      kyc: { nonce: 0n, blockExpiration: 0n, signature: "0x" },
    });
    // the estimate passes (state can change before the block is mined); the receipt says reverted
    fixedEstimate.gas = 500_000n;
    const explorerUrl = "https://explorer.example";
    const result = await runTransaction({ config, chainId, explorerUrl }, tx, {
      title: "deposit error",
    });
    expect(result).toBeNull();
    expect(toasts.map((t) => [t.type, t.title])).toEqual([
      ["info", "Processing"],
      ["error", "transaction reverted"],
    ]);
    expect(toasts[1]!.txHash).toEqual({
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      explorerUrl,
    });
  });

  it("aborts without a toast and logs when no wallet is connected", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("{}", { status: 201 }));
    const tx = approve({
      token: deployment.usdc,
      spender: deployment.lendingPoolManager,
      amount: 1n,
    });
    expect(await runTransaction({ config, chainId }, tx, { title: "approve error" })).toBeNull();
    expect(toasts).toEqual([]);
    expect(fetch).toHaveBeenCalledWith("/api/logging", expect.objectContaining({ method: "POST" }));
  });
});
