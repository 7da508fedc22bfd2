import { lendingPoolManagerAbi, testUsdcAbi } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  parseUnits,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

// anvil's well-known keys (local chain only): account 0 (admin) and account 3 (a demo lender).
const ADMIN_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const LENDER_KEY: Hex = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";

async function rpc(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

test("the dev panel moves the chain to the clearing period, the keeper clears it, and it funds the wallet", async ({
  page,
  stack,
}) => {
  // a clearing by the keeper on a loaded machine: seconds, sometimes a minute
  test.setTimeout(120_000);
  const client = createPublicClient({ chain: foundry, transport: http(stack.rpcUrl) });
  const lpm = { address: stack.deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const lender = privateKeyToAccount(LENDER_KEY);
  // Later specs expect the chain's epoch as the fixture left it: the chain goes back to this
  // snapshot at the end. That revert is a reorg for the indexer (a block it read is gone, and
  // Ponder exits on the read it was making there), so this spec runs last (zzz-) and the global
  // setup restarts an indexer that exits, as `npm start` does.
  const snapshot = await rpc(stack.rpcUrl, "evm_snapshot");
  try {
    // A pending deposit request, made outside the browser.
    const send = async (
      key: Hex,
      request: Parameters<ReturnType<typeof createWalletClient>["writeContract"]>[0],
    ) => {
      const wallet = createWalletClient({
        account: privateKeyToAccount(key),
        chain: foundry,
        transport: http(stack.rpcUrl),
      });
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract(request),
      });
      expect(receipt.status).toBe("success");
      return receipt;
    };
    await send(ADMIN_KEY, {
      ...lpm,
      functionName: "setKycStatus",
      args: [lender.address, 1],
    } as never);
    await send(LENDER_KEY, {
      address: stack.deployment.usdc,
      abi: testUsdcAbi,
      functionName: "approve",
      args: [stack.deployment.lendingPoolManager, maxUint256],
    } as never);
    const receipt = await send(LENDER_KEY, {
      ...lpm,
      functionName: "requestDepositWithKyc",
      args: [
        0n,
        2n,
        parseUnits("150", 6),
        0n,
        { signature: "0x", timestamp: 1n, version: 1 },
        { nonce: 0n, blockExpiration: 0n, signature: "0x" },
      ],
    } as never);
    const nftId = BigInt(
      receipt.logs.find(
        (l) => l.address.toLowerCase() === stack.deployment.requestNft.toLowerCase(),
      )!.topics[3]!,
    );
    const before = (await client.readContract({ ...lpm, functionName: "getPoolState", args: [0n] }))
      .nextEpochToClear;

    await page.addInitScript(
      (a) => localStorage.setItem("lending.devWallet.selected", a),
      lender.address,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/lending");
    await page.getByTestId("wallet-button").click();
    await page.getByRole("dialog").getByRole("button", { name: "Dev Wallet" }).click();
    await expect(page.getByTestId("wallet-button")).toContainText(lender.address.slice(0, 6));

    await page.getByRole("button", { name: "Demo controls" }).click();
    const panel = page.getByRole("dialog", { name: "Demo controls (local chain)" });
    await expect(panel).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // At 390 px the panel fits the screen, nothing in it scrolls sideways (the pages behind it
    // are item 9's business).
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await panel.getByRole("button", { name: "Move to the clearing period" }).click();
    await expect(panel.getByRole("status")).toContainText("Chain time is now");
    expect(await client.readContract({ ...lpm, functionName: "isClearingPeriod" })).toBe(true);
    // The keeper (started by the global setup, as by `npm start`) clears and settles on its own.
    await expect
      .poll(
        async () =>
          (await client.readContract({ ...lpm, functionName: "getPoolState", args: [0n] }))
            .nextEpochToClear,
        { timeout: 15_000 },
      )
      .toBe(before + 1n);
    await expect
      .poll(() => client.readContract({ ...lpm, functionName: "requestOwner", args: [nftId] }), {
        timeout: 15_000,
      })
      .toBe(zeroAddress);

    const usdcOf = (a: Address) =>
      client.readContract({
        address: stack.deployment.usdc,
        abi: testUsdcAbi,
        functionName: "balanceOf",
        args: [a],
      });
    const usdcBefore = await usdcOf(lender.address);
    await panel.getByRole("button", { name: /Fund my wallet/ }).click();
    await expect(panel.getByRole("status")).toHaveText(
      `Sent 10,000 USDC, 1,000 KSU and 10 ETH to ${lender.address.slice(0, 6)}...${lender.address.slice(-4)}`,
    );
    expect(await usdcOf(lender.address)).toBe(usdcBefore + parseUnits("10000", 6));
  } finally {
    await rpc(stack.rpcUrl, "evm_revert", [snapshot]);
  }
});
