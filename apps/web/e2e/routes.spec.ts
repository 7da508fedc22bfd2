import { expect, test } from "./support/fixtures";

// Every route of spec section 2.
const ROUTES = [
  "/",
  "/lending",
  "/lending/closed-lending-strategies",
  "/lending/fully-subscribed-lending-strategies",
  "/lending/important-information-document",
  "/lending/risk-warning",
  "/borrow",
  "/docs",
  "/locking",
  "/portfolio",
  "/portfolio/my-transactions",
  "/portfolio/bonus-and-rewards",
  "/portfolio/wallet-balance",
  "/referrals/0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
];

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
