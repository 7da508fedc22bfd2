import { getUserRequests, lendingPoolManagerAbi, readTokenBalance } from "@lending/sdk";
import { createPublicClient, http, type Address, type Hex, type PublicClient } from "viem";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  clickClearOfToasts,
  connectTestWallet,
  devPanel,
  ensureKyc,
  freshLender,
  lendOnChain,
  pageWithWallet,
  settledByKeeper,
  trancheFor,
} from "./support/journey";

// The lender's round trip on the full local stack, as a new user does it after `npm start`: lend
// (on the chain: the lend modal has its own journeys), move the chain with the dev panel, the
// keeper (started by the global setup) clears and settles on its own, /portfolio shows the
// position and, an epoch later, its interest; a part is withdrawn through the Withdraw modal
// (every validation message on the way), the keeper pays it, the USDC is back in the wallet on
// chain, and My Transactions shows every event with its transaction.

const USDC = 1_000_000n;

test("lend, the keeper clears, interest, withdraw part, the USDC is back, the history shows it all", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(240_000);
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  const amount = 250n * USDC;
  const lender = await freshLender(stack, { eth: 10n ** 19n, usdc: amount });
  await ensureKyc(request, lender.privateKey, {
    fullName: "Katherine Johnson",
  });
  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  const user: Address = lender.address;

  // lend 250 USDC into the first tranche open to it, on the chain (the lend modal's own journeys
  // assert the modal: here the position is the precondition)
  const target = await trancheFor(stack, user, amount);
  await lendOnChain(stack, lender.privateKey, target, amount);

  // the pending deposit shows in the portfolio before clearing
  await page.goto("/portfolio");
  await connectTestWallet(page);
  const poolSection = page.getByTestId("portfolio-pool").filter({ hasText: target.pool.poolName });
  const row = poolSection.locator(`[data-tranche="${target.tranche.name}"]`);
  await expect(poolSection).toBeVisible();
  await expect(row.getByTestId("position-pending-deposits")).toHaveText("250.00 USDC");
  await expect(page.getByTestId("total-pending-deposits")).toHaveText("250.00 USDC");
  await expect(row.getByTestId("position-interest")).toHaveText("0.00 USDC");
  await expect(row.getByTestId("position-interest-withdrawn")).toHaveText("0.00 USDC");
  await expect(page.getByTestId("total-losses")).toHaveCount(0);

  // the dev panel moves the chain to the clearing period; the keeper clears and settles
  const [deposit] = await getUserRequests(client, stack.deployment, user);
  expect(deposit).toMatchObject({ kind: "Deposit", amount, requestStatus: "Requested" });
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, stack.deployment, deposit!.nftId);
  await page.reload();
  await expect(row.getByTestId("position-invested")).toHaveText("250.00 USDC");
  await expect(row.getByTestId("position-pending-deposits")).toHaveText("0.00 USDC");
  await expect(page.getByTestId("total-invested")).toHaveText("250.00 USDC");

  // an epoch later the clearing applies its interest: the balance grows past what was lent
  await devPanel(page, "Move to the next epoch");
  await devPanel(page, "Move to the clearing period");
  const poolId = deposit!.poolId;
  await expect
    .poll(
      async () =>
        (
          await client.readContract({
            address: stack.deployment.lendingPoolManager,
            abi: lendingPoolManagerAbi,
            functionName: "getPoolState",
            args: [poolId],
          })
        ).nextEpochToClear,
      { timeout: 30_000, message: "the keeper clears the epoch after the deposit's" },
    )
    .toBeGreaterThan(deposit!.epoch + 1n);
  await devPanel(page, "Move to the next epoch");
  await page.reload();
  await expect(row.getByTestId("position-interest")).toHaveText(
    /^0\.(0[1-9]|[1-9]\d)\d* USDC$|^[1-9]/,
  );
  await expect(row.getByTestId("position-balance")).toHaveText(/^250\.(0[1-9]|[1-9]\d)\d* USDC$/);
  await expect(row.getByTestId("position-available")).toHaveText(/^250\.\d{2,6} USDC$/);
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
  // a new tab: the withdrawal under review stays where it is (issue 23)
  await expect(modal.getByRole("link", { name: "Important Information Document" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await modal.getByRole("button", { name: "Adjust" }).click();
  await expect(input).toHaveValue("100");
  await next.click();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  const usdcBefore = await readTokenBalance(client, { token: stack.deployment.usdc, owner: user });
  await modal.getByRole("button", { name: "Confirm" }).click();

  // step 3: confirmed, shortened address, the transaction, Close
  await expect(modal.getByTestId("withdraw-done")).toBeVisible({ timeout: 20_000 });
  await expect(modal).toContainText(`${user.slice(0, 6)}...${user.slice(-4)}`);
  await expect(modal.getByTestId("withdraw-tx-hash")).toHaveText(/^0x[0-9a-f]{64}$/);
  await modal.getByTestId("withdraw-done").getByRole("button", { name: "Close" }).click();
  await expect(modal).toHaveCount(0);

  // the request is on chain, and the portfolio shows it pending
  const withdrawal = (await getUserRequests(client, stack.deployment, user)).find(
    (r) => r.kind === "Withdrawal",
  );
  expect(withdrawal).toMatchObject({ requestStatus: "Requested", poolId });
  await expect(row.getByTestId("position-pending-withdrawals")).toHaveText(
    /^(99\.99|100\.00)\d* USDC$/,
  );

  // the dev panel again: the keeper clears and settles the withdrawal, the USDC is back on chain
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, stack.deployment, withdrawal!.nftId);
  const received =
    (await readTokenBalance(client, { token: stack.deployment.usdc, owner: user })) - usdcBefore;
  // the shares of 100 USDC (rounded down), paid at the clearing's share price
  expect(received).toBeGreaterThanOrEqual(100n * USDC - 1n);
  expect(received).toBeLessThan(101n * USDC);
  // out of the clearing period: the next specs lend as usual
  await devPanel(page, "Move to the next epoch");
  await page.reload();
  await expect(row.getByTestId("position-pending-withdrawals")).toHaveText("0.00 USDC");
  await expect(row.getByTestId("position-invested")).toHaveText(/^1(49|50)\.\d{2,6} USDC$/);

  // My Transactions: the deposit and the withdrawal, processed, each event with its transaction
  await page.goto("/portfolio/my-transactions");
  const historyRow = (nftId: bigint) =>
    page.locator(`[data-testid="transaction-row"][data-nft-id="${nftId}"]`);
  const connectPrompt = page.getByTestId("transactions-connect");
  await expect(historyRow(deposit!.nftId).or(connectPrompt)).toBeVisible({ timeout: 20_000 });
  if (await connectPrompt.isVisible()) await connectTestWallet(page);
  for (const [nftId, type, status] of [
    [deposit!.nftId, "Deposit", "Processed"],
    [withdrawal!.nftId, "Withdrawal", "Fully Accepted"],
  ] as const) {
    const r = historyRow(nftId);
    await expect(r).toBeVisible({ timeout: 20_000 });
    await expect(r).toContainText(type);
    await expect(r.getByTestId("transaction-status")).toHaveText(status, { timeout: 20_000 });
    await r.getByTestId("transaction-details").click();
    const details = page.getByRole("dialog", { name: "Request details" });
    const events = details.getByTestId("request-event");
    await expect(events.first()).toBeVisible();
    const types = await events.evaluateAll((rows) =>
      rows.map((el) => el.querySelector('[data-label="Type"]')?.textContent ?? ""),
    );
    expect(types[0]).toBe("Request");
    expect(types).toContain("Accepted");
    // every event's transaction is a real one of this chain
    for (const hash of await details.getByTestId("event-tx-hash").allTextContents()) {
      const receipt = await client.getTransactionReceipt({ hash: hash as Hex });
      expect(receipt.status).toBe("success");
    }
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(details).toHaveCount(0);
  }

  // Lend on the portfolio row opens the lend modal for that tranche
  await page.goto("/portfolio");
  await clickClearOfToasts(row.getByRole("button", { name: `Lend into ${target.tranche.name}` }));
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
