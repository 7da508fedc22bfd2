import {
  formatDate,
  getUserRequests,
  lendingPoolManagerAbi,
  readAllowance,
  requestClearingStart,
} from "@lending/sdk";
import {
  createPublicClient,
  decodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
} from "viem";
import { expect, test } from "./support/fixtures";
import { acceptLoanContract, verifiedLenderPage } from "./support/journey";
import { refuseRpcCalls } from "./support/rpc";

// Spec section 4, "Approve flow": an unlimited approval first; when its gas estimation fails,
// the exact amount. The chain (a route on the page's RPC) refuses to estimate approve(max).
test("approves the exact amount when the unlimited approval's gas estimation fails", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(60_000);
  const amount = 234_000_000n;
  const { lender, target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: parseEther("1"), usdc: amount },
    { fullName: "Mary Jackson" },
  );
  const { usdc, lendingPoolManager } = stack.deployment;
  const isUnlimitedApprove = (call: { method: string; params?: unknown[] }) => {
    if (call.method !== "eth_estimateGas") return false;
    const tx = call.params?.[0] as { to?: string; data?: `0x${string}` } | undefined;
    if (tx?.to?.toLowerCase() !== usdc.toLowerCase() || !tx.data) return false;
    try {
      const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: tx.data });
      return functionName === "approve" && args[1] === maxUint256;
    } catch {
      return false;
    }
  };
  const { refused } = await refuseRpcCalls(page, stack.rpcUrl, isUnlimitedApprove, {
    code: 3,
    message: "execution reverted: unlimited approvals are not supported",
  });

  const { dialog, action } = await acceptLoanContract(page, target, amount);
  await expect(action).toHaveText("Approve");
  // before the wallet asks: the approval is unlimited, said plainly, with the fallback
  await expect(dialog.getByTestId("lend-approval-note")).toHaveText(
    "Approve lets the lending pool take USDC from your wallet for your deposits. The approval is unlimited: it covers any amount, this deposit and later ones, until you revoke it in your wallet. If your wallet refuses an unlimited approval, exactly 234.00 USDC is approved.",
  );
  await action.click();
  await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  expect(refused.length).toBeGreaterThanOrEqual(1);

  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const allowance = () =>
    readAllowance(client, { token: usdc, owner: lender.address, spender: lendingPoolManager });
  expect(await allowance()).toBe(amount);
  // approved: the note is gone with the Approve step
  await expect(dialog.getByTestId("lend-approval-note")).toHaveCount(0);

  // The exact allowance is enough for the deposit, which uses it up.
  await action.click();
  await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 20_000 });
  expect(await allowance()).toBe(0n);
  // when it is processed: the date of the clearing period its epoch ends with, by the chain's
  // epoch math (a request made in a clearing period belongs to the next epoch)
  const genesis = await client.readContract({
    address: lendingPoolManager,
    abi: lendingPoolManagerAbi,
    functionName: "genesis",
  });
  const { timestamp } = await client.getBlock();
  const clearing = formatDate(new Date(requestClearingStart(genesis, timestamp) * 1000));
  await expect(dialog.getByTestId("lend-done")).toContainText(
    `It is processed in the clearing period that starts on ${clearing};`,
  );
  const requests = await getUserRequests(client, stack.deployment, lender.address);
  expect(requests.map((r) => [r.kind, r.poolId, r.trancheId, r.amount])).toEqual([
    ["Deposit", target.pool.id, target.tranche.id, amount],
  ]);
  await context.close();
});
