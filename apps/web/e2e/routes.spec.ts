import { expect, test } from "./support/fixtures";
import { SPEC_ROUTES } from "./support/routes";

const ROUTES = SPEC_ROUTES;

for (const route of ROUTES) {
  test(`${route} loads with a heading and no console errors`, async ({ page, consoleErrors }) => {
    const response = await page.goto(route);
    expect(response?.status(), `HTTP status of ${route}`).toBeLessThan(400);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Lending", exact: true }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(consoleErrors).toEqual([]);
  });
}
