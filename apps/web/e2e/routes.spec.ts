import { measurePageScripts, overBudget, type RouteKb } from "../../../scripts/src/lib/bundle";
import type { Page } from "@playwright/test";
import { shortenAddress } from "@lending/sdk";
import { scriptTransferKb } from "./support/budget";
import { expect, test } from "./support/fixtures";
import { connectTestWallet, ensureKyc, freshLender, pageWithWallet } from "./support/journey";
import { SPEC_ROUTES } from "./support/routes";

const ROUTES = SPEC_ROUTES;

for (const route of ROUTES) {
  test(`${route} loads with a heading and no console errors`, async ({ page, consoleErrors }) => {
    const response = await page.goto(route);
    expect(response?.status(), `HTTP status of ${route}`).toBeLessThan(400);
    await expect(page.locator("h1").first()).toBeVisible();
    // includeHidden: a route may open a modal by design (the referral link's "referral detected"),
    // which hides the page behind it from the accessibility tree, not from the eye
    await expect(
      page.getByRole("link", { name: "Lending", exact: true, includeHidden: true }).first(),
    ).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(consoleErrors).toEqual([]);
  });
}

// Performance is a feature. main's reading, kept: at most 200 KB of gzip JavaScript in the first
// load of every route (the `<script src>` of its HTML, the same for a visitor and a connected
// lender; modals, wallet SDKs and the SDK's reads load on demand).
const FIRST_LOAD_BUDGET_KB = 200;

test("every route's first-load JavaScript stays within 200 KB gzip", async ({ stack }) => {
  const over: string[] = [];
  for (const route of ROUTES) {
    const { total, rows } = await measurePageScripts(`${stack.baseUrl}${route}`);
    const kb = total.gzip / 1024;
    if (kb > FIRST_LOAD_BUDGET_KB)
      over.push(`${route}: ${kb.toFixed(1)} KB (${rows.length} scripts)`);
  }
  expect(over).toEqual([]);
});

// Issue 26, as Lighthouse counts it (every script fetched, gzip on the wire plus headers). A
// visitor who never connected a wallet gets the server-rendered page without the wallet stack
// (wagmi, viem, TanStack Query load on Connect Wallet): at most 150 KB until the network is idle,
// on every route (the framework alone is 133.7 KB plus about 0.4 KB of headers a file; the
// highest, /lending, measures 149.5 KB since its pool cards are rendered on the server:
// docs/benchmarks.md, "eighth session").
const VISITOR_BUDGET_KB = 150;

/**
 * A lender whose connection is remembered loads the wallet stack at once, and the connected
 * page's own code. Issue 26's goal for them is 200 KB: met on the routes that read nothing from
 * the chain in the browser, 196.6-198.3 KB (the framework, wagmi, viem's client, TanStack Query,
 * the app's wallet glue; twenty-first session, docs/benchmarks.md).
 */
const CONNECTED_BUDGET_KB = 200;

/**
 * The routes where the goal is NOT met, 204.7-221.2 KB: a connected lender's own chain reads
 * (the SDK's reads, its ABI coder and the views they call: about 5.5 KB on /lending) and the
 * page's connected views, or a modal opened at once (the referral link's). This ceiling holds
 * their figures so that they do not grow; it is not the goal (twenty-first session,
 * docs/benchmarks.md).
 */
const CONNECTED_CEILING_KB = 228;
const READING_ROUTES = [
  /^\/lending$/,
  /^\/lending\/\d+$/,
  /^\/locking$/,
  /^\/portfolio$/,
  /^\/portfolio\/(my-transactions|bonus-and-rewards|wallet-balance)$/,
  /^\/referrals\//,
];

/** The spec routes and a pool's page (/lending/[poolId], its id read from /lending's first card). */
async function budgetRoutes(page: Page): Promise<string[]> {
  await page.goto("/lending");
  const pool = await page.getByTestId("pool-details-link").first().getAttribute("href");
  expect(pool, "a pool's page link on /lending").toMatch(/^\/lending\/\d+$/);
  return [...ROUTES, pool!];
}

/**
 * Each route's script transfer (see {@link scriptTransferKb}), checked to be a real count: the
 * page answered, its scripts were fetched and every one of them read (never a 0 for a miss).
 */
async function measureRoutes(
  page: Page,
  routes: string[],
  who: string,
  /** what each loaded route must show (the connected lender's address) */
  check: () => Promise<void> = async () => {},
): Promise<RouteKb[]> {
  const measured: RouteKb[] = [];
  for (const route of routes) {
    let status: number | undefined;
    // the pointer off the page's buttons: a hover preloads a modal's code (a Lend button's)
    await page.mouse.move(0, 0);
    const { kb, scripts, unread } = await scriptTransferKb(
      page,
      async () => {
        status = (await page.goto(route))?.status();
      },
      // what the page must show before its count ends (on a slow machine the network can go
      // idle before a remembered wallet asks for the wallet stack)
      async () => {
        await page.waitForLoadState("networkidle");
        await check();
      },
    );
    console.log(`${who} ${route}: ${kb.toFixed(1)} KB (${scripts} scripts)`);
    expect(status, `HTTP status of ${route}`).toBeLessThan(400);
    expect(unread, `scripts of ${route} whose size could not be read`).toEqual([]);
    expect(scripts, `scripts fetched by ${route}`).toBeGreaterThan(0);
    measured.push({ route, kb });
  }
  return measured;
}

test("a visitor loads at most 150 KB of JavaScript on every route", async ({ page }) => {
  // sixteen page loads, each until the network is idle: 30 s was not enough on a loaded machine
  test.setTimeout(180_000);
  const measured = await measureRoutes(page, await budgetRoutes(page), "visitor");
  expect(overBudget(measured, VISITOR_BUDGET_KB)).toEqual([]);
});

test("a connected lender loads at most 200 KB where no chain read is made, under a ceiling elsewhere", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(180_000);
  // a lender of its own, verified, without positions: the same pages whatever ran before
  const lender = await freshLender(stack, { eth: 10n ** 18n, usdc: 1_000_000_000n });
  await ensureKyc(request, lender.privateKey);
  const { page, wallet, context } = await pageWithWallet(browser, stack, lender.privateKey);
  const routes = await budgetRoutes(page);
  await connectTestWallet(page, wallet);
  const button = page.getByTestId("wallet-button");
  // each route is measured as the connected lender (the remembered connection restored), the
  // first right after connecting: only its own document's scripts count, not those /lending was
  // still fetching (see scriptTransferKb)
  const measured = await measureRoutes(page, routes, "connected", () =>
    expect(button).toContainText(shortenAddress(wallet.address)),
  );
  const reading = (m: RouteKb) => READING_ROUTES.some((r) => r.test(m.route));
  expect(
    overBudget(
      measured.filter((m) => !reading(m)),
      CONNECTED_BUDGET_KB,
    ),
  ).toEqual([]);
  expect(overBudget(measured.filter(reading), CONNECTED_CEILING_KB)).toEqual([]);
  // the reading routes' patterns leave the 7 routes without chain reads to the 200 KB budget
  expect(measured.filter((m) => !reading(m)).length).toBeGreaterThanOrEqual(7);
  await context.close();
});
