import { dateTimeParts, formatPercent, readEpochTimes, readPools } from "@lending/sdk";
import { createPublicClient, http } from "viem";
import { expect, test } from "./support/fixtures";

/** Server data younger than this leaves the browser 5 s of its 10 s staleTime to load the page. */
const FRESH_ENOUGH_MS = 5_000;

test("/lending shows the seeded pools and tranches read from the chain", async ({
  page,
  stack,
  consoleErrors,
}) => {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pools = await readPools(client, stack.deployment);
  expect(pools.length).toBeGreaterThanOrEqual(2);

  await page.goto("/lending");
  const cards = page.getByTestId("pool-card");
  await expect(cards).toHaveCount(pools.length);
  for (const pool of pools) {
    const card = cards.filter({ hasText: pool.poolName });
    await expect(card).toHaveCount(1);
    const rows = card.getByTestId("tranche-row");
    await expect(rows).toHaveCount(pool.tranches.length);
    for (const tranche of pool.tranches) {
      const row = rows.filter({ hasText: tranche.name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(formatPercent(tranche.apy));
    }
  }
  expect(consoleErrors).toEqual([]);
});

test("the pools are in the first HTML and the first visit makes no chain read of its own", async ({
  page,
  request,
  stack,
}) => {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pools = await readPools(client, stack.deployment);
  // without running any script: the server rendered every pool and tranche
  const html = await (await request.get("/lending")).text();
  for (const pool of pools) {
    expect(html).toContain(pool.poolName);
    for (const tranche of pool.tranches) expect(html).toContain(tranche.name);
  }
  // The pools are rendered on the server only (issue 26): the browser never reads them. The
  // layout's clearing banner is the page's one server read a browser query starts from: it reads
  // the chain only once that data is older than its staleTime (10 s, Providers.tsx). A document
  // request is answered from the page cache, whose copy may be seconds old (up to 10 s while a
  // render stalls) and was rendered with chain reads that may themselves be seconds old
  // (initial-reads serves a read up to 10 s old while it refreshes it): after a pause between
  // visits (the previous test) the first copy served can carry data the browser must read again,
  // which is right, not the case under test. So ask for the page as a browser does until the
  // server's read in it is fresh (each request makes the caches refresh), then visit.
  const fetchedAt = (text: string) =>
    [...text.matchAll(/fetchedAt\\?":(\d+)/g)].map((m) => Number(m[1]));
  await expect
    .poll(
      async () => {
        const response = await request.get("/lending", { headers: { accept: "text/html" } });
        const at = fetchedAt(await response.text());
        // the epoch times (the clearing banner in the layout)
        return at.length >= 1 && Date.now() - Math.min(...at) < FRESH_ENOUGH_MS;
      },
      { timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
  // in the browser: no read of the pools, and the banner's query starts from the server's data,
  // so no eth_call until it is stale
  const calls: string[] = [];
  page.on("request", (r) => {
    const body = r.method() === "POST" ? (r.postData() ?? "") : "";
    if (body.includes('"eth_call"')) calls.push(body);
  });
  await page.goto("/lending");
  await expect(page.getByTestId("pool-card")).toHaveCount(pools.length);
  await page.waitForLoadState("networkidle");
  expect(calls).toEqual([]);
});

test("the clearing banner shows the next clearing date and a ticking countdown", async ({
  page,
  stack,
}) => {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const times = await readEpochTimes(client, stack.deployment);
  // The browser runs in UTC (playwright.config.ts), so the offset is +00:00.
  const p = dateTimeParts(new Date(times.nextClearingPeriodStart * 1000), 0);

  await page.goto("/lending");
  const banner = page.getByTestId("clearing-banner");
  await expect(banner).toBeVisible();
  const date = banner.getByTestId("clearing-date");
  await expect(date).toHaveText(/\d{2}\.\d{2}\.\d{4} at \d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}/);
  await expect(date).toHaveText(`${p.date} at ${p.time} ${p.offset}`);
  const countdown = banner.getByTestId("clearing-countdown");
  await expect(countdown).toHaveText(/\d/);
  const first = await countdown.textContent();
  await expect
    .poll(() => countdown.textContent(), { timeout: 2_500, intervals: [250] })
    .not.toBe(first);
});
