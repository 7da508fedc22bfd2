import type { Page, Route } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { connectTestWallet } from "./support/journey";
import { fitsThePhone } from "./support/layout";

// Issue 25 item 3: when the chain's RPC or the indexer fails, a page says which, offers Retry,
// and comes back by itself once it answers again. The failure is made in this browser only
// (page.route): the shared stack's processes keep running for the other specs.

// The shared machine is slow: a page load, a wallet connection and the spec's 5 retries of the
// portfolio read (every 2 s) come before the message.
test.setTimeout(180_000);

/** A switch for one backend as this page sees it: `down` fails its requests, `calls` counts them. */
function outage() {
  return { down: true, calls: 0 };
}

test("the portfolio says the chain's RPC is unreachable, retries, and recovers by itself", async ({
  page,
  stack,
  wallet,
}) => {
  const rpc = outage();
  const origin = new URL(stack.rpcUrl).origin;
  // the app's own chain reads from the browser (the injected test wallet answers in Node)
  await page.route(
    (url) => url.origin === origin,
    (route: Route) => {
      if (!rpc.down) return route.continue();
      rpc.calls += 1;
      return route.abort("connectionrefused");
    },
  );
  await page.goto("/portfolio");
  await connectTestWallet(page, wallet);

  const alert = page.getByTestId("portfolio-error");
  // the transport gives up after one retry, the query after the spec's 5 (every 2 s): seconds,
  // not minutes of loading placeholders
  await expect(alert).toBeVisible({ timeout: 60_000 });
  await expect(alert.getByRole("heading")).toHaveText("Network unreachable");
  await expect(alert).toContainText("Your portfolio could not be read.");
  await expect(alert).toContainText("RPC endpoint did not answer.");
  await expect(alert).toContainText("This page tries again by itself every few seconds.");
  expect(await seriousViolations(page, '[data-testid="portfolio-error"]')).toEqual([]);
  await fitsThePhone(page);

  // Retry asks the chain again; still down, the message stays
  const before = rpc.calls;
  await alert.getByRole("button", { name: "Retry" }).click({ timeout: 60_000 });
  await expect.poll(() => rpc.calls).toBeGreaterThan(before);
  await expect(alert).toBeVisible();

  // the RPC answers again: no click, the portfolio comes back
  rpc.down = false;
  await expect(alert).toBeHidden({ timeout: 60_000 });
  await expect(
    page.getByTestId("portfolio-empty").or(page.getByTestId("portfolio-totals")),
  ).toBeVisible();
});

async function failIndexerRoute(page: Page, outage: { down: boolean; calls: number }) {
  await page.route(
    (url) => url.pathname === "/api/transactions",
    (route: Route) => {
      if (!outage.down) return route.continue();
      outage.calls += 1;
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        headers: { "retry-after": "5" },
        body: JSON.stringify({
          statusCode: 503,
          message: "The transaction history is unavailable: try again later",
        }),
      });
    },
  );
}

test("my transactions says the history service is down, retries, and recovers by itself", async ({
  page,
  wallet,
}) => {
  const indexer = outage();
  await failIndexerRoute(page, indexer);
  await page.goto("/portfolio/my-transactions");
  await connectTestWallet(page, wallet);

  const alert = page.getByTestId("transactions-error");
  await expect(alert).toBeVisible({ timeout: 60_000 });
  await expect(alert.getByRole("heading")).toHaveText("History unavailable");
  await expect(alert).toContainText("Your transactions could not be loaded.");
  expect(await seriousViolations(page, '[data-testid="transactions-error"]')).toEqual([]);

  const before = indexer.calls;
  await alert.getByRole("button", { name: "Retry" }).click({ timeout: 60_000 });
  await expect.poll(() => indexer.calls).toBeGreaterThan(before);

  indexer.down = false;
  await expect(alert).toBeHidden({ timeout: 60_000 });
  await expect(
    page.getByTestId("transactions-empty").or(page.getByTestId("transaction-row").first()),
  ).toBeVisible();
});
