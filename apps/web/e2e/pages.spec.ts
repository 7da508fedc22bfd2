import { poolStrategyStatus, readPools, type StrategyStatus } from "@lending/sdk";
import { createPublicClient, http } from "viem";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

const STRATEGY_PAGES: [string, Exclude<StrategyStatus, "open">, string][] = [
  ["/lending/closed-lending-strategies", "closed", "There are no closed lending strategies."],
  [
    "/lending/fully-subscribed-lending-strategies",
    "fullySubscribed",
    "There are no fully subscribed lending strategies.",
  ],
];

for (const [path, status, empty] of STRATEGY_PAGES) {
  test(`${path} lists the ${status} pools read from the chain`, async ({ page, stack }) => {
    const client = createPublicClient({ transport: http(stack.rpcUrl) });
    const expected = (await readPools(client, stack.deployment)).filter(
      (p) => poolStrategyStatus(p) === status,
    );
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.getByTestId("strategy-card");
    if (expected.length === 0) {
      await expect(page.getByTestId("strategies-empty")).toHaveText(empty);
      await expect(cards).toHaveCount(0);
    } else {
      await expect(cards).toHaveCount(expected.length);
      for (const pool of expected) {
        await expect(cards.filter({ hasText: pool.poolName })).toHaveCount(1);
      }
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the content pages have their real content", async ({ page }) => {
  await page.goto("/lending/risk-warning");
  for (const heading of [
    "Loss of capital",
    "Subordination",
    "Liquidity and withdrawal queues",
    "Smart contract and network risk",
    "Identity verification (KYC)",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText("Your capital is at risk.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/lending/important-information-document");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Important information document",
  );
  await expect(page.getByRole("heading", { level: 2, name: "2. Deposits" })).toBeVisible();
  await expect(page.getByRole("link", { name: "risk warning", exact: true })).toHaveAttribute(
    "href",
    "/lending/risk-warning",
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/borrow");
  await expect(page.getByRole("heading", { level: 2, name: "Talk to us" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/docs");
  const fees = page.locator("section").filter({ has: page.getByRole("heading", { name: "Fees" }) });
  await expect(fees).toContainText("10% of lender interest");
  await expect(fees).toContainText("a gross APY of 15% gives a net APY of 13.5%");
  await expect(page.locator("section").filter({ hasText: "Loyalty levels" })).toContainText(
    "level 1 from 1%, level 2 from 5%",
  );
  await expect(page.getByText("7-day epochs")).toBeVisible();
  await expect(page.locator("#subordination-of-loans h2")).toHaveText("Subordination of loans");
  expect(await seriousViolations(page)).toEqual([]);
});
