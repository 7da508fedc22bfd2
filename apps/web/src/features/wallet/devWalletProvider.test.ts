import { recoverMessageAddress, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnvil, type AnvilInstance } from "../../../../../scripts/src/lib/anvil";
import { getFreePort } from "../../../../../scripts/src/lib/net";
import { createDevWalletProvider, ProviderRpcError } from "./devWalletProvider";

// anvil's default mnemonic: accounts 1..4 are the demo lenders (0 deploys).
const LENDERS = [
  "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
  "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
  "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65",
];

let anvil: AnvilInstance;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
}, 30_000);

afterAll(async () => {
  await anvil?.stop();
});

describe("Dev Wallet provider (against anvil)", () => {
  it("reports no accounts until asked, then the demo lenders, until revoked", async () => {
    const p = createDevWalletProvider(anvil.rpcUrl, 31337);
    expect(await p.request({ method: "eth_accounts" })).toEqual([]);
    expect(await p.request({ method: "eth_requestAccounts" })).toEqual(LENDERS);
    expect(await p.request({ method: "eth_accounts" })).toEqual(LENDERS);
    expect(await p.request({ method: "eth_chainId" })).toBe("0x7a69");
    await p.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    expect(await p.request({ method: "eth_accounts" })).toEqual([]);
  });

  it("signs with anvil's unlocked account and sends transactions", async () => {
    const p = createDevWalletProvider(anvil.rpcUrl, 31337);
    const [from] = (await p.request({ method: "eth_requestAccounts" })) as string[];
    const signature = (await p.request({
      method: "personal_sign",
      params: [toHex("hello"), from],
    })) as `0x${string}`;
    expect((await recoverMessageAddress({ message: "hello", signature })).toLowerCase()).toBe(from);

    const hash = (await p.request({
      method: "eth_sendTransaction",
      params: [{ from, to: LENDERS[3], value: "0x1" }],
    })) as string;
    let receipt: { status: string } | null = null;
    for (let i = 0; i < 50 && !receipt; i++) {
      receipt = (await p.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
        status: string;
      } | null;
      if (!receipt) await new Promise((r) => setTimeout(r, 100));
    }
    expect(receipt?.status).toBe("0x1");
  });

  it("switches the active account and announces it", async () => {
    const p = createDevWalletProvider(anvil.rpcUrl, 31337);
    await p.request({ method: "eth_requestAccounts" });
    const changed = new Promise<unknown>((resolve) => p.on("accountsChanged", resolve));
    p.selectAccount(LENDERS[2]!);
    expect(await changed).toEqual([LENDERS[2], LENDERS[0], LENDERS[1], LENDERS[3]]);
    expect(await p.request({ method: "eth_accounts" })).toEqual([
      LENDERS[2],
      LENDERS[0],
      LENDERS[1],
      LENDERS[3],
    ]);
  });

  it("refuses other chains and passes RPC errors through", async () => {
    const p = createDevWalletProvider(anvil.rpcUrl, 31337);
    await expect(
      p.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x2105" }] }),
    ).rejects.toMatchObject({ code: 4902 });
    expect(
      await p.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] }),
    ).toBeNull();
    await expect(p.request({ method: "no_such_method" })).rejects.toBeInstanceOf(ProviderRpcError);
  });
});
