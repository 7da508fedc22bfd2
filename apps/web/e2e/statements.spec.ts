import {
  epochMail,
  getUserRequests,
  lendingPoolManagerAbi,
  parseCsv,
  readPools,
  statementPeriods,
} from "@lending/sdk";
import { readFileSync } from "node:fs";
import { createPublicClient, http, parseUnits, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  connectTestWallet,
  devPanel,
  freshLender,
  lendOnChain,
  pageWithWallet,
  settledByKeeper,
  trancheLimitsOf,
} from "./support/journey";
import { fitsThePhone } from "./support/layout";

// Issue 28 item 3, as the acceptance runs it: a lender with two clearings behind them (a deposit
// cleared, then an epoch of interest) opens the portfolio's statements, signs in, and downloads
// the quarter's statement as CSV and PDF. The CSV's totals balance and equal the chain's values
// at the blocks the statement names; the PDF is a PDF of that quarter.

test("a lender downloads a quarterly statement whose totals equal the chain's", async ({
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  const { deployment } = stack;
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  const lender = await freshLender(stack, { eth: 10n ** 19n, usdc: 10_000_000_000n });
  const account = privateKeyToAccount(lender.privateKey);

  // a deposit at the minimum of an open tranche, on the chain (authorised by the local KYC signer)
  const candidates = await trancheLimitsOf(
    client,
    deployment,
    await readPools(client, deployment),
    account.address,
  );
  const target = candidates.find(
    (c) =>
      !c.limits.oversubscribed &&
      c.limits.minimum > 0n &&
      c.limits.minimum <= c.limits.maximum &&
      c.limits.minimum <= 1_000_000_000n,
  );
  expect(target, "a tranche open to a deposit at its minimum").toBeDefined();
  const amount = target!.limits.minimum;
  await lendOnChain(stack, lender.privateKey, target!, amount);
  const [deposit] = await getUserRequests(client, deployment, account.address);
  expect(deposit).toBeDefined();

  // two clearings by the keeper: the deposit's, then an epoch of interest
  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  await page.goto("/portfolio");
  await connectTestWallet(page);
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, deployment, deposit!.nftId);
  await devPanel(page, "Move to the next epoch");
  await devPanel(page, "Move to the clearing period");
  await expect
    .poll(
      async () =>
        (
          await client.readContract({
            address: deployment.lendingPoolManager,
            abi: lendingPoolManagerAbi,
            functionName: "getPoolState",
            args: [deposit!.poolId],
          })
        ).nextEpochToClear,
      { timeout: 30_000, message: "the keeper clears the epoch after the deposit's" },
    )
    .toBeGreaterThan(deposit!.epoch + 1n);

  // the quarter the chain is in
  const chainTime = Number((await client.getBlock()).timestamp);
  const quarter = statementPeriods("quarter", chainTime, 1)[0]!;
  await page.reload();
  const section = page.getByTestId("statements");
  await expect(section).toBeVisible({ timeout: 20_000 });
  await section.getByTestId("statement-kind").selectOption("quarter");
  await section.getByTestId("statement-period").selectOption(quarter.id);

  // the CSV (the first download signs in)
  const csvDownload = page.waitForEvent("download", { timeout: 60_000 });
  await section.getByTestId("statement-csv").click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe(
    `statement-${quarter.id}-${account.address.toLowerCase()}.csv`,
  );
  const rows = parseCsv(readFileSync((await csvFile.path())!, "utf8"));
  const total = (item: string) => {
    const cell = rows.find((r) => r[0] === "Total" && r[4] === item)?.[5];
    expect(cell, item).toBeDefined();
    return parseUnits(cell!, 6);
  };
  const [opening, deposits, withdrawals, interest, fees, losses, closing] = [
    "Opening value",
    "Deposits",
    "Withdrawals",
    "Interest",
    "Fees",
    "Losses",
    "Closing value",
  ].map(total);
  expect(opening! + deposits! - withdrawals! + interest! - fees! - losses!).toBe(closing);
  expect(opening).toBe(0n);
  expect(deposits).toBe(amount);
  expect(interest).toBeGreaterThan(0n);
  // the closing value is the chain's: the lender's positions at the statement's closing block
  const blocks = rows
    .map((r) => /at blocks (\d+) \(opening\) and (\d+) \(closing\)/.exec(r[4] ?? ""))
    .find(Boolean);
  expect(blocks, "the statement names its blocks").toBeTruthy();
  const [positions] = await client.readContract({
    address: deployment.lendingPoolManager,
    abi: lendingPoolManagerAbi,
    functionName: "getUserPosition",
    args: [account.address],
    blockNumber: BigInt(blocks![2]!),
  });
  expect(closing).toBe(positions.reduce((a, p) => a + p.balance, 0n));
  expect(
    rows.some((r) => r[0] === "Transaction" && /^Deposit #\d+ accepted$/.test(r[4] ?? "")),
  ).toBe(true);

  // the PDF of the same quarter
  const pdfDownload = page.waitForEvent("download", { timeout: 60_000 });
  await section.getByTestId("statement-pdf").click();
  const pdf = readFileSync((await (await pdfDownload).path())!).toString("latin1");
  expect(pdf.startsWith("%PDF-")).toBe(true);
  expect(pdf).toContain(`Statement of account ${quarter.label}`);

  await expect(section.getByTestId("statement-status")).toHaveText("");
  expect(await seriousViolations(page, '[data-testid="statements"]')).toEqual([]);
  await fitsThePhone(page);

  // the portfolio's epoch-mail setting, with the session the download signed in. Mails are on
  // until a lender turns them off: on, then off, and still off after a reload (read back from
  // the server's record)
  const mails = page.getByTestId("epoch-mail-setting");
  await expect(mails.getByTestId("epoch-mail-status")).toHaveText(epochMail.settingSignIn);
  // a controlled box: it shows the saved state, so it changes when the server answers
  await mails.getByTestId("epoch-mail-toggle").click();
  await expect(mails.getByTestId("epoch-mail-status")).toHaveText(epochMail.settingOn);
  await expect(mails.getByTestId("epoch-mail-toggle")).toBeChecked();
  await mails.getByTestId("epoch-mail-toggle").click();
  await expect(mails.getByTestId("epoch-mail-status")).toHaveText(epochMail.settingOff);
  await page.reload();
  await expect(page.getByTestId("epoch-mail-status")).toHaveText(epochMail.settingOff, {
    timeout: 20_000,
  });
  await expect(page.getByTestId("epoch-mail-toggle")).not.toBeChecked();
  await context.close();
});
