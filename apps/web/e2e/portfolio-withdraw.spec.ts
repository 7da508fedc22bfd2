import {
  getUserRequests,
  lendingPoolManagerAbi,
  readTokenBalance,
  type Deployment,
} from "@lending/sdk";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type Address,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployerAccount } from "../../../scripts/src/lib/dev-accounts";
import { seriousViolations } from "./support/axe";
import { expect, test, type Stack } from "./support/fixtures";
import {
  acceptLoanContract,
  connectTestWallet,
  ensureKyc,
  freshLender,
  pageWithWallet,
  trancheFor,
} from "./support/journey";

// The lender's round trip on the full local stack: lend through the lend modal, the epoch clears
// and settles (what the keeper does, sent here by the deployer), /portfolio shows the position,
// a part is withdrawn through the Withdraw modal (every validation message on the way), and
// after the withdrawal's epoch clears and settles the USDC is back in the wallet, on chain.

const USDC = 1_000_000n;
const DAY = 86_400n;
const WEEK = 7n * DAY;

function chainOps(stack: Stack) {
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  const testClient = createTestClient({ mode: "anvil", transport: http(stack.rpcUrl) });
  const deployer = createWalletClient({
    account: privateKeyToAccount(deployerAccount.privateKey),
    transport: http(stack.rpcUrl),
  });
  const manager = {
    address: (stack.deployment as Deployment).lendingPoolManager,
    abi: lendingPoolManagerAbi,
  } as const;
  const send = async (functionName: "clear" | "settle", args: readonly unknown[]) => {
    const hash = await deployer.writeContract({
      ...manager,
      functionName,
      args: args as never,
      chain: null,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  };
  const moveTo = async (timestamp: bigint) => {
    const now = (await client.getBlock()).timestamp;
    if (now < timestamp) {
      await testClient.increaseTime({ seconds: Number(timestamp - now) });
      await testClient.mine({ blocks: 1 });
    }
  };
  return {
    client,
    /** Into the clearing period of `epoch`, then clears the pool through it and settles `ids`. */
    async clearAndSettle(poolId: bigint, epoch: bigint, ids: bigint[]) {
      const genesis = await client.readContract({ ...manager, functionName: "genesis" });
      await moveTo(genesis + epoch * WEEK + WEEK - 2n * DAY + 60n);
      for (let i = 0; i < 60; i++) {
        const state = await client.readContract({
          ...manager,
          functionName: "getPoolState",
          args: [poolId],
        });
        if (state.nextEpochToClear > epoch) break;
        await send("clear", [poolId]);
      }
      await send("settle", [ids]);
      // out of the clearing period, into the next epoch: the other specs lend as usual
      await moveTo(genesis + (epoch + 1n) * WEEK + 60n);
    },
  };
}

test("lend, clear, see it in /portfolio, withdraw part, get the USDC back", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(180_000);
  const ops = chainOps(stack);
  const amount = 250n * USDC;
  const lender = await freshLender(stack, { eth: 10n ** 19n, usdc: amount });
  await ensureKyc(request, lender.privateKey, {
    fullName: "Katherine Johnson",
    email: "katherine@example.com",
  });
  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  const user: Address = lender.address;

  // lend 250 USDC through the lend modal into the first tranche open to it
  const target = await trancheFor(stack, user, amount);
  const { dialog, action } = await acceptLoanContract(page, target, amount);
  await action.click();
  await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  await action.click();
  await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 20_000 });
  await dialog.getByTestId("lend-done").getByRole("button", { name: "Close" }).click();

  // the pending deposit shows in the portfolio before clearing
  await page.goto("/portfolio");
  const poolSection = page.getByTestId("portfolio-pool").filter({ hasText: target.pool.poolName });
  const row = poolSection.locator(`[data-tranche="${target.tranche.name}"]`);
  await expect(poolSection).toBeVisible();
  await expect(row.getByTestId("position-pending-deposits")).toHaveText("250.00 USDC");
  await expect(page.getByTestId("total-pending-deposits")).toHaveText("250.00 USDC");

  // the epoch clears and the deposit settles
  const [deposit] = await getUserRequests(ops.client, stack.deployment, user);
  expect(deposit).toMatchObject({ kind: "Deposit", amount, requestStatus: "Requested" });
  await ops.clearAndSettle(deposit!.poolId, deposit!.epoch, [deposit!.nftId]);
  await page.reload();
  await expect(row.getByTestId("position-invested")).toHaveText("250.00 USDC");
  await expect(row.getByTestId("position-pending-deposits")).toHaveText("0.00 USDC");
  await expect(row.getByTestId("position-available")).toHaveText(/^\d{3}\.\d{2,6} USDC$/);
  await expect(page.getByTestId("total-invested")).toHaveText("250.00 USDC");
  expect(await seriousViolations(page)).toEqual([]);

  // 390 px: no horizontal scrolling, the actions stay on screen
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const withdrawButton = row.getByRole("button", { name: `Withdraw from ${target.tranche.name}` });
  const box = await withdrawButton.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // the Withdraw modal: step 1 figures and every validation message
  await withdrawButton.click();
  const modal = page.getByRole("dialog", { name: "Withdraw" });
  await expect(modal.getByTestId("withdraw-pool")).toHaveText(target.pool.poolName);
  await expect(modal.getByTestId("withdraw-total-invested")).toHaveText("250.00 USDC");
  const input = modal.getByTestId("withdraw-amount");
  const message = modal.getByTestId("withdraw-amount-message");
  const next = modal.getByRole("button", { name: "Next" });
  await input.fill("0");
  await expect(message).toHaveText("Amount is required");
  await input.fill("100000");
  await expect(message).toHaveText("Insufficient Balance");
  await input.fill("");
  await input.blur();
  await expect(message).toHaveText("Amount is required");
  await expect(next).toBeDisabled();
  await modal.getByRole("button", { name: "Max" }).click();
  await expect(message).toHaveText("");
  await expect(next).toBeEnabled();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await input.fill("100");
  await input.blur();
  await expect(message).toHaveText("");
  await next.click();

  // step 2: review with the destination address, the terms link, Adjust and Confirm
  await expect(modal.getByTestId("withdraw-review-amount")).toHaveText("100.00 USDC");
  await expect(modal.getByTestId("withdraw-destination")).toHaveText(user);
  await expect(modal.getByRole("link", { name: "Important Information Document" })).toHaveAttribute(
    "href",
    "/lending/important-information-document",
  );
  await modal.getByRole("button", { name: "Adjust" }).click();
  await expect(input).toHaveValue("100");
  await next.click();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  const usdcBefore = await readTokenBalance(ops.client, {
    token: stack.deployment.usdc,
    owner: user,
  });
  await modal.getByRole("button", { name: "Confirm" }).click();

  // step 3: confirmed, shortened address, the transaction, Close
  await expect(modal.getByTestId("withdraw-done")).toBeVisible({ timeout: 20_000 });
  await expect(modal).toContainText(`${user.slice(0, 6)}...${user.slice(-4)}`);
  await expect(modal.getByTestId("withdraw-tx-hash")).toHaveText(/^0x[0-9a-f]{64}$/);
  await modal.getByTestId("withdraw-done").getByRole("button", { name: "Close" }).click();
  await expect(modal).toHaveCount(0);

  // the request is on chain, and the portfolio shows it pending
  const withdrawal = (await getUserRequests(ops.client, stack.deployment, user)).find(
    (r) => r.kind === "Withdrawal",
  );
  expect(withdrawal).toMatchObject({ requestStatus: "Requested", poolId: deposit!.poolId });
  await expect(row.getByTestId("position-pending-withdrawals")).toHaveText(
    /^(99\.99|100\.00)\d* USDC$/,
  );

  // the withdrawal's epoch clears and settles: the USDC is back in the wallet
  await ops.clearAndSettle(withdrawal!.poolId, withdrawal!.epoch, [withdrawal!.nftId]);
  const usdcAfter = await readTokenBalance(ops.client, {
    token: stack.deployment.usdc,
    owner: user,
  });
  const received = usdcAfter - usdcBefore;
  // the shares of 100 USDC (rounded down), paid at the clearing's share price
  expect(received).toBeGreaterThanOrEqual(100n * USDC - 1n);
  expect(received).toBeLessThan(101n * USDC);
  await page.reload();
  await expect(row.getByTestId("position-pending-withdrawals")).toHaveText("0.00 USDC");
  await expect(row.getByTestId("position-invested")).toHaveText(/^1(49|50)\.\d{2,6} USDC$/);

  // Lend on the row opens the lend modal for that tranche
  await row.getByRole("button", { name: `Lend into ${target.tranche.name}` }).click();
  const lendDialog = page.getByRole("dialog", { name: "Lend" });
  await expect(lendDialog.getByTestId("lend-amount")).toBeVisible();
  await expect(lendDialog.getByTestId("lend-tranche")).toHaveValue(target.tranche.id.toString());
  await context.close();
});

test("a connected lender with nothing lent yet sees the empty state", async ({
  browser,
  stack,
}) => {
  const lender = await freshLender(stack, { eth: 10n ** 18n, usdc: 0n });
  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  await page.goto("/portfolio");
  await connectTestWallet(page);
  const empty = page.getByTestId("portfolio-empty");
  await expect(empty).toContainText("You have no deposits yet.");
  await expect(page.getByTestId("portfolio-totals")).toHaveCount(0);
  await empty.getByRole("link", { name: "View lending strategies" }).click();
  await expect(page).toHaveURL(/\/lending$/);
  await context.close();
});

test("a visitor gets a connect prompt, not zeros, and it is accessible at 390 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/portfolio");
  await expect(page.getByRole("heading", { level: 1, name: "My Portfolio" })).toBeVisible();
  const prompt = page.getByTestId("portfolio-connect");
  await expect(prompt).toBeVisible();
  await expect(page.getByTestId("portfolio-totals")).toHaveCount(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await prompt.getByRole("button", { name: "Connect Wallet" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
