import { readFile } from "node:fs/promises";
import { openStrategies, parseCsv, readEpochTimes, readPools } from "@lending/sdk";
import type { Page } from "@playwright/test";
import { createPublicClient, http } from "viem";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { runOps } from "./support/journey";
import { fitsThePhone } from "./support/layout";

/** Downloads the report behind `name` and answers its file name and its rows. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name }).click(),
  ]);
  const text = await readFile((await file.path())!, "utf8");
  return { filename: file.suggestedFilename(), rows: parseCsv(text) };
}

test("a visitor opens a pool page from /lending, reads its tranches and charts, downloads the three reports", async ({
  page,
  stack,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pool = openStrategies(await readPools(client, stack.deployment))[0]!;
  const poolId = pool.id.toString();

  // history to show: one clearing (the keeper clears once the clearing period opens) and a
  // published loan book for the current epoch
  const { currentEpoch } = await readEpochTimes(client, stack.deployment);
  await runOps(stack, [
    "publish-repayments",
    ...["--pool", poolId, "--epoch", currentEpoch.toString()],
    ...["--opening", "1000", "--drawdowns", "250.5", "--repayments", "120"],
    ...["--closing", "1130.5", "--interest", "20", "--arrears", "3", "--losses", "0"],
  ]);
  await runOps(stack, ["time:clearing"]);
  await expect
    .poll(
      async () => {
        const res = await fetch(`${stack.indexerUrl}/pool-epochs?pool=${poolId}`);
        const body = (await res.json()) as { items: { epoch: string }[] };
        return body.items.some((e) => BigInt(e.epoch) >= currentEpoch);
      },
      { timeout: 90_000, message: "the keeper clears the pool and the indexer records it" },
    )
    .toBe(true);

  // from the pool's card on /lending
  await page.goto("/lending");
  await page.getByRole("link", { name: `Pool details of ${pool.poolName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/lending/${poolId}$`));
  await expect(page.getByRole("heading", { level: 1, name: pool.poolName })).toBeVisible();
  await expect(page.getByTestId("pool-description")).toContainText(pool.poolName);
  await expect(
    page.getByTestId("pool-documents").getByRole("link", { name: "Risk Warning" }),
  ).toBeVisible();

  // tranches by seniority: the most senior first, each with its APY and a Lend button
  const rows = page.getByTestId("pool-tranche-row");
  await expect(rows).toHaveCount(pool.tranches.length);
  await expect(rows.locator("th")).toHaveText(pool.tranches.map((t) => t.name).reverse());
  await expect(rows.first()).toContainText(`1 of ${pool.tranches.length}`);

  // the charts and their table (the text alternative), for every period
  const charts = page.getByTestId("pool-charts").getByRole("img");
  await expect(charts).toHaveCount(4);
  await expect(page.getByRole("img", { name: /each tranche's APY per epoch/ })).toBeVisible();
  const historyRows = page.getByTestId("pool-history-row");
  await expect(historyRows.filter({ hasText: currentEpoch.toString() }).first()).toBeVisible();
  await page.getByRole("link", { name: "30 days" }).click();
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveURL(/range=30d/);
  await expect(historyRows.first()).toBeVisible();
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // the loan book from the published repayments
  const book = page.getByTestId("pool-loan-book-row").filter({
    has: page.getByRole("rowheader", { name: new RegExp(`^${currentEpoch}\\b`) }),
  });
  await expect(book.locator("td")).toHaveText([
    "1,000.00",
    "250.50",
    "120.00",
    "1,130.50",
    "20.00",
    "3.00",
    "0.00",
  ]);

  // the three reports, one click each
  const transactions = await download(page, "Investor transactions (CSV)");
  expect(transactions.filename).toBe(`pool-${poolId}-investor-transactions.csv`);
  expect(transactions.rows[0]).toContain("Lender address");
  for (const row of transactions.rows.slice(1)) expect(row[5]).toMatch(/^0x[0-9a-f]{40}$/);
  const balance = await download(page, "Pool balance per epoch (CSV)");
  expect(balance.filename).toBe(`pool-${poolId}-balance-per-epoch.csv`);
  expect(balance.rows[0]!.slice(0, 3)).toEqual(["Epoch", "Cleared at (UTC)", "Total value (USDC)"]);
  expect(balance.rows.some((r) => r[0] === currentEpoch.toString())).toBe(true);
  const repayments = await download(page, "Repayment table (CSV)");
  expect(repayments.filename).toBe(`pool-${poolId}-repayments.csv`);
  expect(repayments.rows.find((r) => r[0] === currentEpoch.toString())!.slice(2)).toEqual([
    "1000",
    "250.5",
    "120",
    "1130.5",
    "20",
    "3",
    "0",
  ]);

  // accessible, and it fits a 390 px phone
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);
  await fitsThePhone(page);

  // Lend opens the existing lend flow (a visitor is asked to connect a wallet first)
  const lend = page.getByRole("button", { name: /^Lend into / }).first();
  await lend.click();
  await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
  await page.keyboard.press("Escape");
  expect(consoleErrors).toEqual([]);
});

test("an unknown or malformed pool id is the 404 page", async ({ page }) => {
  for (const id of ["9999", "abc", "01"]) {
    const response = await page.goto(`/lending/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
});
