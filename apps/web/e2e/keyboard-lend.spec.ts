import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { verifiedLenderPage } from "./support/journey";
import { TEST_WALLET_NAME } from "./support/test-wallet";

// Issue 23 item 10: a lender on the keyboard alone goes through lend and the stacked Loan
// Contract. Focus never leaves the dialog on top: Tab and Shift+Tab cycle inside it, after Accept
// focus is back in the lend dialog (never on the page behind), Escape closes only the top dialog.

/** Where focus is: inside the top dialog (the last one in the DOM), and what it is. */
async function focus(page: Page) {
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    const top = dialogs.at(-1);
    const el = document.activeElement;
    return {
      dialogs: dialogs.length,
      inTop: top !== undefined && el !== null && top.contains(el),
      onBody: el === document.body || el === null,
      what: `${el?.tagName.toLowerCase()} "${(el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim().slice(0, 40)}"`,
    };
  });
}

/** Focus is in the top dialog (when a dialog is open). */
async function expectFocusInTopDialog(page: Page, step: string) {
  const f = await focus(page);
  expect(f.dialogs, `${step}: a dialog is open`).toBeGreaterThan(0);
  expect(f.inTop, `${step}: focus on ${f.what} is outside the top dialog`).toBe(true);
}

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most `max` times; while a dialog is
 * open, every step must keep focus inside the top one.
 */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  for (let i = 0; i < (opts.max ?? 40); i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(opts.back ? "Shift+Tab" : "Tab");
    if ((await focus(page)).dialogs > 0) await expectFocusInTopDialog(page, `Tab ${i + 1}`);
  }
  expect(await isFocused(target), `reached ${target} with the keyboard`).toBe(true);
}

/**
 * Tab `n` times, then Shift+Tab `n` times: focus stays in the top dialog at every step and, the
 * dialog having fewer controls than `n`, comes round to an element it was on before (a cycle).
 */
async function expectTabCycle(page: Page, n: number, step: string) {
  for (const key of ["Tab", "Shift+Tab"]) {
    const seen: string[] = [];
    for (let i = 0; i < n; i++) {
      await page.keyboard.press(key);
      await expectFocusInTopDialog(page, `${step}, ${key} ${i + 1}`);
      seen.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const r = el?.getBoundingClientRect();
          return `${el?.tagName}|${el?.textContent?.slice(0, 30)}|${r?.x},${r?.y}`;
        }),
      );
    }
    expect(new Set(seen).size, `${step}: ${key} comes round inside the dialog`).toBeLessThan(n);
  }
}

test("keyboard only: lend with the loan contract, focus never leaves the open dialog", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(120_000);
  const amount = 250_000_000n; // 250 USDC
  const { target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: 10n ** 18n, usdc: amount },
    { fullName: "Grace Hopper" },
  );
  await page.goto("/lending");

  // Connect with the keyboard: the wallet button, then the test wallet in the connect dialog.
  const walletButton = page.getByTestId("wallet-button");
  await expect(walletButton).toBeEnabled();
  await tabTo(page, walletButton, { max: 30 });
  await page.keyboard.press("Enter");
  const connect = page.getByRole("dialog");
  await expect(connect).toBeVisible();
  await expectFocusInTopDialog(page, "connect dialog opened");
  await tabTo(page, connect.getByRole("button", { name: TEST_WALLET_NAME }));
  await page.keyboard.press("Enter");
  await expect(connect).toHaveCount(0);
  await expect(walletButton).toContainText("Connected");

  // The Lend button of the tranche, from wherever focus is now.
  const card = page.getByTestId("pool-card").filter({ hasText: target.pool.poolName });
  const lendButton = card.getByRole("button", { name: `Lend into ${target.tranche.name}` });
  await tabTo(page, lendButton, { max: 120 });
  await page.keyboard.press("Enter");
  const lend = page.getByRole("dialog", { name: "Lend" });
  await expect(lend.getByTestId("lend-amount")).toBeVisible();
  await expectFocusInTopDialog(page, "lend dialog opened");

  // Step 1: type the amount, tick the terms with Space, Next with Enter.
  const amountField = lend.getByTestId("lend-amount");
  await tabTo(page, amountField);
  await page.keyboard.type("250");
  await expect(lend.getByTestId("lend-amount-message")).toHaveText(/Wallet balance/);
  const terms = lend.getByTestId("lend-terms");
  await tabTo(page, terms);
  await page.keyboard.press("Space");
  await expect(terms).toBeChecked();
  const next = lend.getByRole("button", { name: "Next" });
  await expect(next).toBeEnabled();
  await tabTo(page, next);
  await page.keyboard.press("Enter");

  // Step 2: Tab and Shift+Tab cycle inside the lend dialog.
  const generate = lend.getByRole("button", { name: "Generate Loan Contract" });
  await expect(generate).toBeVisible();
  await expectFocusInTopDialog(page, "review step");
  await expectTabCycle(page, 15, "review step");

  // Generate: the Loan Contract opens over the lend dialog and takes focus.
  await tabTo(page, generate);
  await page.keyboard.press("Enter");
  const contract = page.getByRole("dialog", { name: "Loan Contract" });
  await expect(contract).toBeVisible();
  await expect.poll(async () => (await focus(page)).inTop).toBe(true);
  await expectTabCycle(page, 12, "loan contract");

  // Escape closes only the contract; focus is back on the button that opened it.
  await page.keyboard.press("Escape");
  await expect(contract).toHaveCount(0);
  await expect(lend).toBeVisible();
  const reviewAndAccept = lend.getByRole("button", { name: "Review and accept" });
  await expect(reviewAndAccept).toBeFocused();

  // Enter reopens it; Tab to Accept, Enter accepts.
  await page.keyboard.press("Enter");
  await expect(contract).toBeVisible();
  await expect.poll(async () => (await focus(page)).inTop).toBe(true);
  await tabTo(page, contract.getByRole("button", { name: "Accept" }));
  await page.keyboard.press("Enter");
  await expect(contract).toHaveCount(0);
  await expect(lend.getByTestId("loan-contract-status")).toHaveText("Accepted");

  // After Accept focus is in the lend dialog (its next action), not on the page behind, and Tab
  // walks the lend dialog only: the accepted contract is never lost to a background control.
  const action = lend.getByTestId("approve-then-act");
  await expect(action).toHaveText("Approve");
  await expect.poll(async () => (await focus(page)).inTop).toBe(true);
  expect((await focus(page)).onBody).toBe(false);
  await expectTabCycle(page, 25, "after Accept");
  await expect(lend.getByTestId("loan-contract-status")).toHaveText("Accepted");

  // Approve, then Confirm, with Enter.
  await tabTo(page, action);
  await page.keyboard.press("Enter");
  await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  await tabTo(page, action);
  await page.keyboard.press("Enter");
  await expect(lend.getByTestId("lend-done")).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await focus(page)).inTop).toBe(true);

  // Escape closes the lend dialog; nothing is left open.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});
