import { measurePageScripts } from "../../../scripts/src/lib/bundle";
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

// Performance is a feature: at most 200 KB of gzip JavaScript in the first load of every route
// (the `<script src>` of its HTML; modals, wallet SDKs and the SDK's reads load on demand).
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
