import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { fitsThePhone } from "./support/layout";

// Issue 23 item 9: every page that reads indexed data (notices, losses, rewards beside the
// chain's figures) says how far behind the chain its index is when that is more than a minute.
// The indexer's answer is replaced here by one 5 minutes behind; without it, no notice.

// (My transactions and Rewards, which need a connected wallet, are covered by my-transactions)
const PAGES = ["/portfolio", "/lending", "/locking"];

test("a lagging index is admitted on every page that reads it, and only then", async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  // The stack's index catches up within its polling interval; a journey before this one may have
  // moved the chain's clock a week on just now (its index was then "7 d behind" for a moment):
  // the pages below are read once it has caught up, as they are meant to be.
  await expect
    .poll(
      async () => {
        try {
          const sync = await fetch(`${stack.indexerUrl}/sync`);
          return ((await sync.json()) as { behindSeconds: number }).behindSeconds;
        } catch {
          return -1; // a moment's failed answer: asked again
        }
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  for (const path of PAGES) {
    const asked = page.waitForResponse((r) => r.url().includes("/api/indexer-sync"));
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // the caught-up index of the test stack: the page asks, and shows no notice
    expect((await asked).ok()).toBe(true);
    await expect(page.getByTestId("indexer-lag")).toHaveCount(0);
  }

  await page.route("**/api/indexer-sync", (route) =>
    route.fulfill({
      json: {
        indexedBlock: "100",
        indexedTimestamp: 1_800_000_000,
        chainBlock: "160",
        chainTimestamp: 1_800_000_300,
        behindSeconds: 300,
      },
    }),
  );
  for (const path of PAGES) {
    await page.goto(path);
    const notice = page.getByTestId("indexer-lag");
    await expect(notice, path).toBeVisible();
    await expect(notice, path).toContainText("5 min behind the blockchain");
    expect(await seriousViolations(page, '[data-testid="indexer-lag"]'), path).toEqual([]);
    await fitsThePhone(page);
  }
  await page.goto("/portfolio");
  await expect(page.getByTestId("indexer-lag")).toHaveText(
    "Data may be out of date: the index of past transactions is 5 min behind the blockchain, so recent losses, notices and rewards may be missing here.",
  );
});
