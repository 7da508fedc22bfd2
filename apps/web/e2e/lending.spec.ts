import { dateTimeParts, formatPercent, readEpochTimes, readPools } from "@lending/sdk";
import { createPublicClient, http } from "viem";
import { expect, test } from "./support/fixtures";

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
  // in the browser: the query cache starts from that data, so no eth_call until it is stale
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
