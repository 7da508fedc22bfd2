import { readFile } from "node:fs/promises";
import { getUserRequests, readEpochTimes } from "@lending/sdk";
import type { Page } from "@playwright/test";
import { createPublicClient, http, type PublicClient } from "viem";
import { seriousViolations } from "./support/axe";
import { fitsTheViewport, PHONE } from "./support/layout";
import { expect, test } from "./support/fixtures";
import { toasts } from "./support/toast";
import {
  acceptLoanContract,
  connectTestWallet,
  devPanel,
  runOps,
  settledByKeeper,
  verifiedLenderPage,
} from "./support/journey";

// View loan contracts and historical repayments on the full local stack (issue 12), as a new
// user after `npm start`: no contract yet, then a lend whose contract shows with its deposit and,
// once the keeper settled it, its accepted amount; the PDF download after a signature (and the
// spec's toasts when the signature is declined); repayment figures published with the ops command
// shown from the portfolio and from the lending pool card, at desktop width and on a phone.

const USDC = 1_000_000n;

test("signed loan contracts in the portfolio, their PDF, and a pool's historical repayments", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(240_000);
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  const amount = 150n * USDC;
  const { lender, target, page, wallet } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: 10n ** 19n, usdc: amount },
    { fullName: "Katherine Johnson" },
  );

  // nothing signed yet: the empty text
  await page.goto("/portfolio");
  await connectTestWallet(page, wallet);
  await page.getByRole("button", { name: "View loan contracts" }).click();
  let modal = page.getByRole("dialog", { name: "Loan Contracts" });
  await expect(modal.getByTestId("loan-contracts-empty")).toHaveText(
    "You don't have any signed Loan Contracts yet",
  );
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByRole("button", { name: "Close", exact: true }).last().click();

  // lend: the deposit carries the accepted contract on chain
  const { dialog, action } = await acceptLoanContract(page, target, amount, { connected: true });
  await action.click();
  await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  await action.click();
  await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 20_000 });
  await dialog.getByTestId("lend-done").getByRole("button", { name: "Close" }).click();
  const [deposit] = await getUserRequests(client, stack.deployment, lender.address);

  // the contract is listed with its deposit; accepted once the keeper settled the clearing
  await page.goto("/portfolio");
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, stack.deployment, deposit!.nftId);
  await expect
    .poll(
      async () => {
        const r = await request.get(
          `/api/loan-contracts?userAddress=${lender.address}&chainId=${stack.chainId}`,
        );
        return ((await r.json()) as { items?: { acceptedAmount: string | null }[] }).items?.[0]
          ?.acceptedAmount;
      },
      { timeout: 30_000, message: "the indexer has the settlement" },
    )
    .toBe(amount.toString());
  await page.getByRole("button", { name: "View loan contracts" }).click();
  modal = page.getByRole("dialog", { name: "Loan Contracts" });
  const row = modal.getByTestId("loan-contract-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(target.pool.poolName);
  // deposited and accepted: the demo tranche took the whole deposit
  await expect(row.locator("td").nth(3)).toHaveText("150.00 USDC");
  await expect(row.locator("td").nth(4)).toHaveText("150.00 USDC");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // a declined signature downloads nothing and says so
  wallet.rejectSignatures(true);
  await row.getByRole("button", { name: /Download loan contract \d+ as PDF/ }).click();
  const declined = toasts(page, "error", "Message signature request declined.");
  await expect(declined).toContainText("Unable to view Loan Contract.");
  wallet.rejectSignatures(false);

  // signed: loan-contract-{timestamp}.pdf, a PDF naming the lender
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: /Download loan contract \d+ as PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^loan-contract-\d{13}\.pdf$/);
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.toString("latin1")).toContain("Katherine Johnson");

  await page.setViewportSize(PHONE);
  await expect(modal.getByTestId("loan-contract")).toHaveCount(1);
  await fitsTheViewport(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press("Escape");

  // the pool manager publishes this epoch's repayment figures with the ops command
  const { currentEpoch } = await readEpochTimes(client, stack.deployment);
  const poolId = target.pool.id.toString();
  await runOps(stack, [
    "publish-repayments",
    ...["--pool", poolId, "--epoch", currentEpoch.toString()],
    ...["--opening", "250000", "--drawdowns", "40000.5", "--repayments", "32000"],
    ...["--closing", "258000.5", "--interest", "2100", "--arrears", "150", "--losses", "0"],
  ]);
  const expectFigures = async (dialog: ReturnType<Page["getByRole"]>) => {
    const line = dialog.getByTestId("repayment-row").filter({
      has: page.getByRole("rowheader", { name: new RegExp(`^${currentEpoch}\\b`) }),
    });
    await expect(line.locator("td")).toHaveText([
      "250,000.00",
      "40,000.50",
      "32,000.00",
      "258,000.50",
      "2,100.00",
      "150.00",
      "0.00",
    ]);
    await expect(
      dialog.getByRole("img", { name: /Bar chart of principal and interest/ }),
    ).toBeVisible();
  };

  // from the pool's section of the portfolio
  await page.reload();
  await page
    .getByRole("button", { name: `Historical repayments of ${target.pool.poolName}` })
    .first()
    .click();
  let repayments = page.getByRole("dialog", { name: "Historical repayments" });
  await expectFigures(repayments);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press("Escape");

  // and from the lending pool card, on a phone too
  await page.goto("/lending");
  await page
    .getByTestId("pool-card")
    .filter({ hasText: target.pool.poolName })
    .getByRole("button", { name: `Historical repayments of ${target.pool.poolName}` })
    .click();
  repayments = page.getByRole("dialog", { name: "Historical repayments" });
  await expectFigures(repayments);
  await page.setViewportSize(PHONE);
  await expect(repayments.getByTestId("repayment-card").first()).toBeVisible();
  await fitsTheViewport(page);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});
