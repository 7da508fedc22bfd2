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
