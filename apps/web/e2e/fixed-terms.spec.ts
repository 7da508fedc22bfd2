import {
  formatDate,
  getUserFixedLoans,
  lendingPoolManagerAbi,
  readTokenBalance,
} from "@lending/sdk";
import { createPublicClient, http, type PublicClient } from "viem";
import { seriousViolations } from "./support/axe";
import { fitsTheViewport, PHONE } from "./support/layout";
import { expect, test } from "./support/fixtures";
import {
  connectTestWallet,
  devPanel,
  ensureKyc,
  freshLender,
  lendOnChain,
  pageWithWallet,
  settledByKeeper,
  shortFixedTerm,
} from "./support/journey";

// Fixed terms on the full local stack (issue 12), as a new user does it after `npm start`: lend
// into the demo pool with a 2-epoch fixed term, fix the APY of part of the position from the
// portfolio, see the fixed loan and what happens at its end, ask to withdraw it at expiry, see
// Fix APY closed with a countdown in the clearing period, and move the chain with the dev panel
// until the keeper pays the fixed loan back in USDC.

const USDC = 1_000_000n;

const date = (unixSeconds: number) => formatDate(new Date(unixSeconds * 1000));

test("fix APY, the fixed loan in the portfolio, withdraw at expiry, the USDC back", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(300_000);
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  const { pool, tranche, config } = await shortFixedTerm(stack);

  const amount = 300n * USDC;
  const lender = await freshLender(stack, { eth: 10n ** 19n, usdc: amount });
  await ensureKyc(request, lender.privateKey, {
    fullName: "Mary Jackson",
  });
  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  const user = lender.address;

  // lend 300 USDC (variable) on the chain (the lend modal has its own journeys) and let the
  // keeper clear and settle it
  const deposit = await lendOnChain(stack, lender.privateKey, { pool, tranche }, amount);
  await page.goto("/portfolio");
  await connectTestWallet(page);
  // before its clearing nothing is available: Withdraw and Fix APY say why they are disabled,
  // as text on the page (reachable on touch) that describes each button
  const pendingRow = page
    .getByTestId("portfolio-pool")
    .filter({ hasText: pool.poolName })
    .locator(`[data-tranche="${tranche.name}"]`);
  await expect(pendingRow.getByTestId("withdraw-button")).toBeDisabled();
  await expect(pendingRow.getByTestId("withdraw-button")).toHaveAccessibleDescription(
    /^Withdraw: nothing here is available to withdraw yet/,
  );
  await expect(pendingRow.getByTestId("withdraw-disabled-reason")).toBeVisible();
  await expect(pendingRow.getByTestId("fix-apy-button")).toBeDisabled();
  await expect(pendingRow.getByTestId("fix-apy-button")).toHaveAccessibleDescription(
    "Fix APY: needs a variable balance available to withdraw in this tranche.",
  );
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, stack.deployment, deposit.nftId);

  // Fix APY is closed in the clearing period: a countdown replaces the form
  await page.reload();
  const row = page
    .getByTestId("portfolio-pool")
    .filter({ hasText: pool.poolName })
    .locator(`[data-tranche="${tranche.name}"]`);
  await expect(row.getByTestId("position-available")).toHaveText("300.00 USDC");
  const fixButton = row.getByRole("button", { name: `Fix APY in ${tranche.name}` });
  await fixButton.click();
  let modal = page.getByRole("dialog", { name: "Fix APY" });
  await expect(modal.getByTestId("fix-apy-locked-out")).toContainText(
    /It opens again in \dd \d{2}h \d{2}m \d{2}s\./,
  );
  await expect(modal.getByTestId("fix-apy-amount")).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press("Escape");

  // the next epoch opens it: the form, every validation message, then the transaction
  await devPanel(page, "Move to the next epoch");
  await page.setViewportSize(PHONE);
  await fixButton.click();
  modal = page.getByRole("dialog", { name: "Fix APY" });
  await expect(modal.getByTestId("fix-apy-available")).toHaveText("300.00 USDC");
  await fitsTheViewport(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const term = modal.getByRole("radio", { name: /fixed APY, about 2 weeks/ });
  await expect(term).toBeChecked();
  const input = modal.getByTestId("fix-apy-amount");
  const message = modal.getByTestId("fix-apy-amount-message");
  const confirm = modal.getByRole("button", { name: "Fix APY" });
  await input.fill("0");
  await expect(message).toHaveText("Amount is required");
  await input.fill("300.01");
  await expect(message).toHaveText("Insufficient Balance");
  await input.fill("");
  await input.blur();
  await expect(message).toHaveText("Amount is required");
  await expect(confirm).toBeDisabled();
  await modal.getByRole("button", { name: "Max" }).click();
  await expect(message).toHaveText("");
  await input.fill("200");
  await input.blur();
  await expect(confirm).toBeEnabled();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await confirm.click();
  await expect(modal.getByTestId("fix-apy-done")).toBeVisible({ timeout: 20_000 });
  await expect(modal.getByTestId("fix-apy-done")).toContainText("200.00 USDC of your balance in");
  await expect(modal.getByTestId("fix-apy-tx-hash")).toHaveText(/^0x[0-9a-f]{64}$/);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByRole("button", { name: "Close" }).last().click();
  await expect(modal).toHaveCount(0);

  // the lock is on chain and in the portfolio, with its end date and what happens then
  const [loan] = await getUserFixedLoans(client, stack.deployment, user);
  expect(loan).toMatchObject({ configId: config.configId, withdrawAtExpiry: false });
  const fixedLine = row.getByTestId("fixed-loan");
  await expect(fixedLine).toHaveCount(1);
  await expect(fixedLine).toContainText(/^200\.00 USDC at \d+\.\d{2}% fixed APY until/);
  await expect(fixedLine).toContainText(date(loan!.endTime));
  await expect(fixedLine.getByTestId("fixed-loan-status")).toHaveText(
    `Converts to variable on ${date(loan!.endTime)}`,
  );
  await expect(row.getByTestId("position-available")).toHaveText("100.00 USDC");

  // the fixed loan modal and the auto conversion to variable modal
  await fixedLine.getByRole("button", { name: "Details of the fixed loan of 200.00 USDC" }).click();
  const details = page.getByRole("dialog", { name: "Fixed loan" });
  await expect(details.getByTestId("fixed-loan-id")).toHaveText(loan!.lockId.toString());
  await expect(details.getByTestId("fixed-loan-start")).toHaveText(date(loan!.startTime));
  await expect(details.getByTestId("fixed-loan-end")).toHaveText(date(loan!.endTime));
  await expect(details.getByTestId("fixed-loan-amount")).toHaveText("200.00 USDC");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await details.getByRole("button", { name: "Close" }).last().click();
  await row.getByTestId("auto-conversion-open").click();
  const conversion = page.getByRole("dialog", { name: "Auto conversion to variable" });
  await expect(conversion).toContainText("converts to your variable balance");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await conversion.getByRole("button", { name: "Close" }).last().click();

  // withdraw funds at expiry: nothing selected sends nothing; then the loan is chosen
  await page.setViewportSize(PHONE);
  await fitsTheViewport(page); // the position with its fixed loan and four actions
  await row.getByRole("button", { name: `Withdraw at expiry in ${tranche.name}` }).click();
  const expiry = page.getByRole("dialog", { name: "Withdraw funds at expiry" });
  const loanRow = expiry.getByTestId("withdraw-at-expiry-loan");
  await expect(loanRow).toHaveCount(1);
  await fitsTheViewport(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(loanRow).toContainText(date(loan!.startTime));
  await expect(loanRow).toContainText("200.00 USDC");
  await expect(loanRow).toContainText(date(loan!.endTime));
  await expect(expiry).toContainText(
    `must be requested at least ${pool.requestEpochsInAdvance} epoch`,
  );
  const radio = loanRow.getByRole("radio");
  await expect(radio).not.toBeChecked();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  const blockBefore = await client.getBlockNumber();
  await expiry.getByTestId("withdraw-at-expiry-confirm").click();
  await expect(loanRow).toBeVisible();
  // not a dead end: it says what is missing
  await expect(expiry.getByTestId("withdraw-at-expiry-select-required")).toHaveText(
    "Select the fixed loan to withdraw at expiry.",
  );
  expect(await client.getBlockNumber()).toBe(blockBefore);
  await radio.check();
  await expect(expiry.getByTestId("withdraw-at-expiry-select-required")).toHaveCount(0);
  await expiry.getByTestId("withdraw-at-expiry-confirm").click();
  await expect(expiry.getByTestId("withdraw-at-expiry-done")).toBeVisible({ timeout: 20_000 });
  await expect(expiry.getByTestId("withdraw-at-expiry-tx-hash")).toHaveText(/^0x[0-9a-f]{64}$/);
  await expiry.getByRole("button", { name: "Close" }).last().click();
  await expect(fixedLine.getByTestId("fixed-loan-status")).toHaveText(
    `Withdrawal requested, paid after epoch ${loan!.endEpoch + 1n}`,
  );
  await expect(row.getByRole("button", { name: /Withdraw at expiry/ })).toHaveCount(0);

  // the dev panel moves the chain; the keeper clears, the term ends, the keeper pays it out
  const usdcBefore = await readTokenBalance(client, { token: stack.deployment.usdc, owner: user });
  const cleared = async () =>
    (
      await client.readContract({
        address: stack.deployment.lendingPoolManager,
        abi: lendingPoolManagerAbi,
        functionName: "getPoolState",
        args: [pool.id],
      })
    ).nextEpochToClear;
  while ((await cleared()) <= loan!.endEpoch + 1n) {
    const before = await cleared();
    await devPanel(page, "Move to the next epoch");
    await devPanel(page, "Move to the clearing period");
    await expect
      .poll(cleared, { timeout: 30_000, message: "the keeper clears the epoch" })
      .toBeGreaterThan(before);
  }
  await expect
    .poll(
      async () =>
        (await readTokenBalance(client, { token: stack.deployment.usdc, owner: user })) -
        usdcBefore,
      { timeout: 30_000, message: "the keeper releases the lock and pays the USDC" },
    )
    .toBeGreaterThan(200n * USDC);
  await page.reload();
  await expect(row.getByTestId("fixed-loan")).toHaveCount(0);
  await context.close();
});
