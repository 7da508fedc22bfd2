import { measurePageScripts, overBudget, type RouteKb } from "../../../scripts/src/lib/bundle";
import type { Page } from "@playwright/test";
import { scriptTransferKb } from "./support/budget";
import { expect, test } from "./support/fixtures";
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
// docs/benchmarks.md, "eighth session"). A connected lender's first load is held by the 200 KB
// check above; counting what a connected page fetches until it shows "Connected" varied by 130 KB
// between two tries (which chain reads start first), so it holds no budget (docs/benchmarks.md).
const VISITOR_BUDGET_KB = 150;

/** The spec routes and a pool's page (/lending/[poolId], its id read from /lending's first card). */
async function budgetRoutes(page: Page): Promise<string[]> {
  await page.goto("/lending");
  const pool = await page.getByTestId("pool-details-link").first().getAttribute("href");
  expect(pool, "a pool's page link on /lending").toMatch(/^\/lending\/\d+$/);
  return [...ROUTES, pool!];
}

test("a visitor loads at most 150 KB of JavaScript on every route", async ({ page }) => {
  // sixteen page loads, each until the network is idle: 30 s was not enough on a loaded machine
  test.setTimeout(180_000);
  const measured: RouteKb[] = [];
  for (const route of await budgetRoutes(page)) {
    const kb = await scriptTransferKb(page, () => page.goto(route));
    console.log(`visitor ${route}: ${kb.toFixed(1)} KB`);
    measured.push({ route, kb });
  }
  expect(overBudget(measured, VISITOR_BUDGET_KB)).toEqual([]);
});
