// Named to run last (Playwright runs the files in name order on one worker): the operator plays
// a real default on a seeded pool from the console, which the other journeys must not see.
// Issue 27's browser journey: an operator draws from a pool, publishes repayments, opens an
// incident, reports a loss, clears and closes it; a lender's portfolio then shows the loss with
// its reason; the audit trail lists each step with its transaction.
import {
  fill,
  formatUsdc,
  incidents,
  manage,
  readEpochTimes,
  readPools,
  readUserPosition,
} from "@lending/sdk";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  connectTestWallet,
  devPanel,
  ensureKyc,
  freshLender,
  lendOnChain,
  pageWithWallet,
  settledByKeeper,
  trancheLimitsOf,
} from "./support/journey";
import { fitsThePhone } from "./support/layout";
import { toasts } from "./support/toast";

/** anvil account 0: the local deployer (admin and pool manager) */
const DEPLOYER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const deployer = privateKeyToAccount(DEPLOYER_KEY);

test("an operator plays a default from the console; the lender sees the loss, the trail each step", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(420_000); // a lend, two clearings and seven transactions on a loaded machine
  const amount = 200n * 1_000_000n;
  const lender = await freshLender(stack, { eth: 10n ** 19n, usdc: amount });
  await ensureKyc(request, lender.privateKey, { fullName: "Ada Console" });
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  // a Junior tranche: the loss hits it first
  const candidates = await trancheLimitsOf(
    client,
    stack.deployment,
    await readPools(client, stack.deployment),
    lender.address,
  );
  const target = candidates.find(
    (c) =>
      c.tranche.id === 0n &&
      !c.limits.oversubscribed &&
      c.limits.minimum <= amount &&
      amount <= c.limits.maximum,
  );
  expect(target, "a Junior tranche open to 200 USDC").toBeDefined();
  const poolId = String(target!.pool.id);
  /** The lender's balance in that tranche, as the chain has it now. */
  const positionBalance = async () =>
    (await readUserPosition(client, stack.deployment, lender.address)).positions.find(
      (p) => p.poolId === target!.pool.id && p.trancheId === target!.tranche.id,
    )?.balance ?? 0n;

  // the lender lends 200 USDC; the keeper clears and settles it
  const lenderSide = await pageWithWallet(browser, stack, lender.privateKey);
  // (on the chain: the lend modal has its own journeys)
  const deposit = await lendOnChain(stack, lender.privateKey, target!, amount);
  await lenderSide.page.goto("/portfolio");
  await connectTestWallet(lenderSide.page);
  await devPanel(lenderSide.page, "Move to the clearing period");
  await settledByKeeper(client, stack.deployment, deposit.nftId);

  // the operator signs in to the console
  const { context, page } = await pageWithWallet(browser, stack, DEPLOYER_KEY);
  try {
    await page.goto("/lending");
    await connectTestWallet(page);
    await page.goto("/manage");
    await page
      .getByRole("region", { name: manage.signInTitle })
      .getByRole("button", { name: manage.signIn, exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: manage.title })).toBeVisible({
      timeout: 30_000,
    });

    // capital: draw 60 USDC of the lender's deposit, then publish the epoch's figures
    const capital = page.getByRole("region", { name: manage.capitalTitle });
    await capital.getByLabel(manage.pool).selectOption(poolId);
    await capital.getByLabel(manage.reason).fill("Harbour Freight loan");
    await capital.getByLabel(manage.amount).fill("60");
    await capital.getByLabel(manage.borrower).fill(deployer.address);
    await capital.getByRole("button", { name: manage.draw, exact: true }).click();
    await expect(toasts(page, "success", `${manage.draw}: done`)).toBeVisible({ timeout: 60_000 });
    const { currentEpoch: epoch } = await readEpochTimes(client, stack.deployment);
    await capital.getByLabel(manage.epoch).fill(String(epoch));
    await capital.getByLabel(manage.drawdowns).fill("60");
    await capital.getByLabel(manage.closing).fill("60");
    await capital.getByRole("button", { name: manage.publish, exact: true }).click();
    await expect(toasts(page, "success", `${manage.publish}: done`)).toBeVisible({
      timeout: 60_000,
    });

    // the incident procedure, in order
    const incident = page.getByRole("region", { name: manage.incidentTitle });
    await incident.getByLabel(manage.pool).selectOption(poolId);
    await incident.getByLabel(manage.lossReason).fill("Harbour Freight defaulted");
    await incident.getByRole("button", { name: manage.openIncident }).click();
    await expect(incident.getByTestId("incident-state")).toHaveText(manage.incidentIsOpen, {
      timeout: 60_000,
    });
    await incident.getByLabel(manage.amount).fill("50");
    // the preview, junior first: the lender's tranche loses
    await expect(incident.getByTestId("loss-preview").locator("li").first()).toContainText(
      target!.tranche.name,
    );
    const balanceBefore = await positionBalance();
    await incident.getByRole("button", { name: manage.reportLoss }).click();
    await expect(toasts(page, "success", `${manage.reportLoss}: done`)).toBeVisible({
      timeout: 60_000,
    });
    // the lender's share of the loss (pro rata in a Junior tranche that other lenders share too)
    const balanceAfterLoss = await positionBalance();
    expect(balanceAfterLoss).toBeLessThan(balanceBefore);
    // each lender of the pool with an email is mailed once (the outbox), with the reason
    await expect(incident.getByTestId("loss-mailed")).toContainText(
      manage.lossMailed.split(":")[0]!,
      {
        timeout: 60_000,
      },
    );
    // the pool's next epoch falls due; the keeper leaves it to the operator while the incident is open
    await devPanel(page, "Move to the clearing period");
    const clear = incident.getByRole("button", { name: manage.clearEpochs });
    await expect(clear).toBeEnabled({ timeout: 60_000 });
    await clear.click();
    // one transaction (and toast) per due epoch
    await expect(toasts(page, "success", `${manage.clearEpochs}: done`).first()).toBeVisible({
      timeout: 60_000,
    });
    await expect(clear).toBeDisabled({ timeout: 60_000 });
    await incident.getByRole("button", { name: manage.closeIncident }).click();
    await expect(incident.getByTestId("incident-state")).toHaveText(manage.incidentIsClosed, {
      timeout: 60_000,
    });

    // the audit trail: each step with its transaction and its reason
    const trail = page.getByTestId("audit-trail");
    for (const step of [
      "draw",
      "publish-repayments",
      "incident:open",
      "loss:report",
      "clear",
      "incident:close",
    ]) {
      const entry = trail
        .locator("li")
        .filter({ hasText: `${step} · pool ${poolId}` })
        .first();
      await expect(entry, step).toBeVisible({ timeout: 30_000 });
      await expect(entry).toContainText(/Transaction 0x[0-9a-f]{64}/);
    }
    await expect(
      trail
        .locator("li")
        .filter({ hasText: `loss:report · pool ${poolId}` })
        .first(),
    ).toContainText("Why: Harbour Freight defaulted");
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);

    // the lender's portfolio: the smaller position, what happened and why
    await lenderSide.page.reload();
    const position = lenderSide.page
      .getByTestId("portfolio-pool")
      .filter({ hasText: target!.pool.poolName })
      .getByTestId("portfolio-position")
      .filter({ hasText: target!.tranche.name });
    const notice = position.getByTestId("position-loss-notice");
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText("Loss reported");
    await expect(notice).toContainText(
      `a loss of 50.00 USDC was reported on ${target!.pool.poolName}`,
    );
    // the operator's reason, recorded with the report
    await expect(notice.getByTestId("position-loss-reason")).toHaveText(
      fill(incidents.managerReason, { reason: "Harbour Freight defaulted" }),
    );
    // the portfolio shows the chain's balance, after the loss and the epoch's interest since
    await expect(position.getByTestId("position-balance")).toContainText(
      formatUsdc(await positionBalance()),
    );
  } finally {
    await context.close();
    await lenderSide.context.close();
  }
});
