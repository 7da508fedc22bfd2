// The operator console (issue 27), in the browser on the full local stack: the deployer's dev
// key opens /manage, a lender and a visitor without a wallet get the app's 404; the health panel,
// the identity review queue (a rejection with the reason the lender reads), a draw and its
// repayment, and an incident opened and closed at once, each in the audit trail with its
// transaction. No loss is reported here: other specs share the seeded pools.
import { lendingPoolManagerAbi, manage, pages, readPools, testUsdcAbi } from "@lending/sdk";
import pg from "pg";
import { createPublicClient, createWalletClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { connectTestWallet, pageWithWallet } from "./support/journey";
import { fitsThePhone } from "./support/layout";
import { toasts } from "./support/toast";

/** anvil account 0: the local deployer (admin and pool manager) */
const DEPLOYER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const deployer = privateKeyToAccount(DEPLOYER_KEY);

test("a visitor without a wallet and a lender get the app's 404 at /manage", async ({ page }) => {
  test.setTimeout(120_000); // a loaded machine answers slowly
  // a real 404 status, the app's 404 page, nothing else (as any unknown path)
  const stranger = await page.goto("/manage");
  expect(stranger?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: pages.notFound.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: manage.title })).toHaveCount(0);
  const unknown = await page.goto("/no-such-page");
  expect(unknown?.status()).toBe(404);
  const unknownMain = await page.locator("main").innerText();
  // a forged session cookie changes nothing
  await page
    .context()
    .addCookies([{ name: "lending_session", value: "ab".repeat(32), url: page.url() }]);
  expect((await page.goto("/manage"))?.status()).toBe(404);
  expect(await page.locator("main").innerText()).toBe(unknownMain);

  // the injected test wallet is anvil account 1, a lender with no operator role: the same 404,
  // no sign-in offered
  await page.goto("/lending");
  await connectTestWallet(page);
  expect((await page.goto("/manage"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: pages.notFound.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: manage.title })).toHaveCount(0);
  await expect(page.getByRole("region", { name: manage.signInTitle })).toHaveCount(0);
  // the server refuses the console's calls to the lender's browser too
  const health = await page.request.get("/api/manage/health");
  expect([401, 403]).toContain(health.status());
});

test("the deployer runs the console: health, a KYC rejection, draw and repay, an incident, the audit trail", async ({
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  // a verification waiting for review (the local chain approves the widget's at once)
  const lender = privateKeyToAccount(`0x${"5e".repeat(32)}`).address.toLowerCase();
  const name = `Review Me ${Date.now()}`;
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into kyc_records (address, status, entity_type, full_name, email, provider)
       values ($1, 'To be reviewed', 'individual', $2, null, 'local')
       on conflict (address) do update set status = 'To be reviewed', full_name = $2`,
      [lender, name],
    );
  } finally {
    await db.end();
  }

  const { context, page } = await pageWithWallet(browser, stack, DEPLOYER_KEY);
  try {
    await page.goto("/lending");
    await connectTestWallet(page);
    // no session yet: the server answers 404; the page offers this role holder a sign-in, then
    // the console loads
    expect((await page.goto("/manage"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: pages.notFound.title })).toBeVisible();
    await page
      .getByRole("region", { name: manage.signInTitle })
      .getByRole("button", { name: manage.signIn, exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: manage.title })).toBeVisible({
      timeout: 30_000,
    });
    // signed in: /manage answers 200 with the console
    expect((await page.request.get("/manage")).status()).toBe(200);

    // health: every item with its verdict, the seeded pools among them
    const health = page.getByTestId("manage-health");
    await expect(health.getByRole("heading", { name: manage.indexer })).toBeVisible({
      timeout: 30_000,
    });
    await expect(health.getByRole("heading", { name: manage.database })).toBeVisible();
    await expect(health.getByRole("heading", { name: /^Pool 0 · / })).toBeVisible();
    await expect(health.locator("[data-stale]").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);

    // the review queue: a rejection needs a reason, then the lender is told it
    const row = page.getByTestId("kyc-review-row").filter({ hasText: name });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: manage.reject }).click();
    await expect(row.getByRole("alert")).toHaveText(manage.reasonRequired);
    await row.getByRole("textbox").fill("The ID document has expired");
    await row.getByRole("button", { name: manage.reject }).click();
    await expect(toasts(page, "success", `${name} rejected`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // capital: the pool's figures first; a draw above the idle liquidity is refused before any
    // wallet prompt; 1 USDC of interest repaid (minted to the deployer first); and, when a
    // pool holds idle liquidity (other journeys' cleared deposits), 1 USDC drawn and repaid
    const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
    const admin = createWalletClient({ account: deployer, transport: http(stack.rpcUrl) });
    const minted = await admin.writeContract({
      chain: null,
      address: stack.deployment.usdc,
      abi: testUsdcAbi,
      functionName: "mint",
      args: [deployer.address, 10_000_000n],
    });
    await client.waitForTransactionReceipt({ hash: minted });
    const pools = await readPools(client, stack.deployment);
    const states = await Promise.all(
      pools.map((p) =>
        client.readContract({
          address: stack.deployment.lendingPoolManager,
          abi: lendingPoolManagerAbi,
          functionName: "getPoolState",
          args: [p.id],
        }),
      ),
    );
    const liquid = pools.find((_, i) => states[i]!.idleLiquidity >= 1_000_000n);
    const capital = page.getByRole("region", { name: manage.capitalTitle });
    await expect(capital.getByTestId("pool-figures")).toContainText(manage.liquidity);
    await capital.getByLabel(manage.reason).fill("e2e drill");
    await capital.getByLabel(manage.amount).fill("1000000000");
    await capital.getByLabel(manage.borrower).fill(deployer.address);
    await capital.getByRole("button", { name: manage.draw, exact: true }).click();
    await expect(capital.getByRole("alert")).toHaveText(manage.exceedsLiquidity);
    const audited: string[] = [];
    if (liquid) {
      await capital.getByLabel(manage.pool).selectOption(String(liquid.id));
      await capital.getByLabel(manage.amount).fill("1");
      await capital.getByRole("button", { name: manage.draw, exact: true }).click();
      await expect(toasts(page, "success", `${manage.draw}: done`)).toBeVisible({
        timeout: 60_000,
      });
      audited.push(`draw · pool ${liquid.id}`);
    }
    await capital.getByLabel(manage.principal).fill(liquid ? "1" : "0");
    await capital.getByLabel(manage.interest).fill("1");
    await capital.getByRole("button", { name: manage.repay, exact: true }).click();
    await expect(toasts(page, "success", `${manage.repay}: done`)).toBeVisible({ timeout: 60_000 });
    audited.push(`repay · pool ${liquid?.id ?? pools[0]!.id}`);

    // the incident procedure: open, then close at once (no loss on a shared pool)
    const incident = page.getByRole("region", { name: manage.incidentTitle });
    await incident.getByRole("button", { name: manage.openIncident }).click();
    await expect(incident.getByTestId("incident-state")).toHaveText(manage.incidentIsOpen, {
      timeout: 60_000,
    });
    // the preview of a loss, junior first (not reported)
    await incident.getByLabel(manage.amount).fill("0.5");
    await expect(incident.getByTestId("loss-preview").locator("li").first()).toContainText("→");
    await incident.getByRole("button", { name: manage.closeIncident }).click();
    await expect(incident.getByTestId("incident-state")).toHaveText(manage.incidentIsClosed, {
      timeout: 60_000,
    });

    // the audit trail lists each action, the on-chain ones with their transaction
    const trail = page.getByTestId("audit-trail");
    await expect(trail.getByText(`kyc:reject · ${lender}`)).toBeVisible();
    await expect(trail.getByText("Why: The ID document has expired")).toBeVisible();
    for (const action of [...audited, "incident:open · pool 0", "incident:close · pool 0"]) {
      const entry = trail.locator("li").filter({ hasText: action }).first();
      await expect(entry).toBeVisible({ timeout: 30_000 });
      await expect(entry).toContainText(/Transaction 0x[0-9a-f]{64}/);
    }
    const csv = await page.request.get("/api/manage/audit/csv");
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain("incident:close");

    // lenders: a forced withdrawal needs a reason; a lender without shares is refused before
    // any wallet prompt; the referral payouts are listed (or said to be none)
    const lenders = page.getByRole("region", { name: manage.lendersTitle });
    const force = lenders.getByTestId("force-withdrawal");
    await force.getByLabel(manage.lender).fill(lender);
    await force.getByRole("button", { name: manage.forceSubmit }).click();
    await expect(force.getByRole("alert")).toHaveText(manage.forceReasonRequired);
    await force.getByLabel(manage.forceReason).fill("e2e check");
    await force.getByRole("button", { name: manage.forceSubmit }).click();
    await expect(force.getByRole("alert")).toContainText("has no free shares");
    await expect(
      lenders
        .getByTestId("referral-payouts")
        .getByText(manage.payoutsEmpty)
        .or(lenders.getByTestId("referral-payouts").locator("li").first()),
    ).toBeVisible();

    // loan tickets and tranche settings: each form refuses bad input before the wallet is asked
    const tickets = page.getByRole("region", { name: manage.ticketsTitle });
    await tickets.getByRole("button", { name: manage.createTicket }).click();
    await expect(tickets.getByRole("alert")).toHaveText(manage.invalidTicket);
    const settings = page.getByRole("region", { name: manage.settingsTitle });
    await expect(settings.getByTestId("rate-notice")).toContainText("two epochs");
    await settings.getByLabel(manage.apy).first().fill("abc");
    await settings.getByRole("button", { name: manage.setRate }).click();
    await expect(settings.getByTestId("settings-rate").getByRole("alert")).toHaveText(
      manage.invalidApy,
    );
    await settings.getByLabel(manage.maximumDeposit).fill("0");
    await settings.getByRole("button", { name: manage.setLimits }).click();
    await expect(settings.getByTestId("settings-limits").getByRole("alert")).toHaveText(
      manage.invalidLimits,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);
  } finally {
    await context.close();
  }
});
