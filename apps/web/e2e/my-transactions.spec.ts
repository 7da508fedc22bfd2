import { readFileSync } from "node:fs";
import { cancelDepositRequest, getUserRequests, readPools, type HistoryPage } from "@lending/sdk";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { seriousViolations } from "./support/axe";
import { expect, test, type Stack } from "./support/fixtures";
import {
  connectTestWallet,
  freshLender,
  lendOnChain,
  pageWithWallet,
  trancheLimitsOf,
  verifiedLenderPage,
} from "./support/journey";

// The history is served by the indexer's web route (issue 11): GET /api/transactions and
// /api/transactions/csv. Every test first checks the route exists and answers the HistoryPage
// contract, and fails with that message (never skips) when it does not.
async function requireTransactionsApi(request: APIRequestContext, user: Address) {
  const res = await request.get(`/api/transactions?user=${user.toLowerCase()}&page=1&pageSize=10`);
  expect(
    res.status(),
    "GET /api/transactions is missing or failing: this spec needs the indexer and its web route (issue 11)",
  ).toBe(200);
  const body = (await res.json()) as HistoryPage;
  expect(body, "GET /api/transactions must answer a HistoryPage").toMatchObject({
    items: expect.any(Array),
    page: 1,
    pageSize: 10,
    total: expect.any(Number),
  });
}

/** Waits until the indexer serves `predicate` for the user's first page. */
async function waitForIndexed(
  request: APIRequestContext,
  user: Address,
  predicate: (page: HistoryPage) => boolean,
  message: string,
) {
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/transactions?user=${user.toLowerCase()}&page=1&pageSize=10`,
        );
        return res.ok() && predicate((await res.json()) as HistoryPage);
      },
      { message, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}

/** No horizontal scrolling at the current viewport. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

const row = (page: Page, nftId: bigint) =>
  page.locator(`[data-testid="transaction-row"][data-nft-id="${nftId}"]`);

/** Cells of a table row by their column label (data-label). */
async function cellsOf(locator: ReturnType<Page["locator"]>) {
  return locator
    .locator("td")
    .evaluateAll((tds) =>
      Object.fromEntries(
        tds.map((td) => [(td as HTMLElement).dataset.label ?? "", td.textContent ?? ""]),
      ),
    );
}

/** RFC 4180: fields separated by commas, records by CRLF (or LF), quotes doubled inside quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/**
 * Sends `count` deposit requests from `privateKey` straight to the chain (KYC-authorised by the
 * local KYC signer, anvil account 9), cancelling each but the last so the next one is a new
 * request (a second deposit into the same tranche in one epoch would increase the open one).
 * Returns the request NFT ids, oldest first.
 */
async function depositRequests(stack: Stack, privateKey: Hex, count: number) {
  const account = privateKeyToAccount(privateKey);
  const chain = { ...foundry, id: stack.chainId };
  const client = createPublicClient({ chain, transport: http(stack.rpcUrl) });
  const wallet = createWalletClient({ account, chain, transport: http(stack.rpcUrl) });
  const { deployment } = stack;
  const send = async (tx: { to: Address; data: Hex; value: bigint }) => {
    const hash = await wallet.sendTransaction(tx);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  };
  // any open tranche, at its minimum (the lender holds 10,000 USDC)
  const candidates = await trancheLimitsOf(
    client,
    deployment,
    await readPools(client, deployment),
    account.address,
  );
  const target = candidates.find(
    (c) =>
      !c.limits.oversubscribed &&
      c.limits.minimum > 0n &&
      c.limits.minimum <= c.limits.maximum &&
      c.limits.minimum <= 1_000_000_000n,
  );
  expect(target, "a tranche open to a deposit at its minimum").toBeDefined();
  const amount = target!.limits.minimum;
  const ids: bigint[] = [];
  for (let i = 0; i < count; i++) {
    // the app's own deposit call (approved once, unlimited, on the first)
    const open = await lendOnChain(stack, privateKey, target!, amount);
    expect(ids, "a new deposit request").not.toContain(open.nftId);
    ids.push(open.nftId);
    if (i < count - 1) {
      await send(cancelDepositRequest(deployment, { poolId: target!.pool.id, nftId: open.nftId }));
    }
  }
  return { ids, target, amount };
}

test("a lender sees a new deposit as Requested, opens its details and cancels it", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  const amount = 150_000_000n;
  const { lender, target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: parseEther("1"), usdc: amount },
    { fullName: "Katherine Johnson" },
  );
  await requireTransactionsApi(request, lender.address);

  // lend on the chain, from the lender's wallet (the lend modal has its own journeys)
  await lendOnChain(stack, lender.privateKey, target, amount);
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const [deposit] = await getUserRequests(client, stack.deployment, lender.address);
  expect(deposit).toMatchObject({ kind: "Deposit", requestStatus: "Requested", amount });
  const nftId = deposit!.nftId;
  await waitForIndexed(
    request,
    lender.address,
    (p) =>
      p.items.some(
        (t) =>
          (t.type === "Deposit" || t.type === "Withdrawal") &&
          t.nftId === String(nftId) &&
          t.canCancel,
      ),
    "the deposit request indexed",
  );

  // the history shows it
  await page.goto("/portfolio/my-transactions");
  // the wallet reconnects on load; connect it when the page asks
  const connectPrompt = page.getByTestId("transactions-connect");
  await expect(row(page, nftId).or(connectPrompt)).toBeVisible();
  if (await connectPrompt.isVisible()) await connectTestWallet(page);
  await expect(row(page, nftId)).toBeVisible();
  expect(await cellsOf(row(page, nftId))).toMatchObject({
    Type: "Deposit",
    "Requested amount": "150.00 USDC",
    Pool: target.pool.poolName,
    Tranche: target.tranche.name,
    "NFT ID": String(nftId),
    Status: "Requested",
    "Fixed term": "Variable",
  });
  expect(await seriousViolations(page)).toEqual([]);
  // issue 23: the index is caught up, so no lag notice; /api/indexer-sync says how far behind
  const sync = await request.get("/api/indexer-sync");
  expect(sync.status()).toBe(200);
  expect(await sync.json()).toMatchObject({ behindSeconds: 0 });
  await expect(page.getByTestId("indexer-lag")).toHaveCount(0);

  // details: the request event with its transaction
  await row(page, nftId).getByTestId("transaction-details").click();
  const details = page.getByRole("dialog", { name: "Request details" });
  await expect(details.getByTestId("request-event")).toHaveCount(1);
  expect(await cellsOf(details.getByTestId("request-event"))).toMatchObject({
    Amount: "150.00 USDC",
    Type: "Request",
    Status: "Requested",
  });
  // the local chain has no explorer: the hash is shown, and it is the deposit's transaction
  const hash = (await details.getByTestId("event-tx-hash").textContent()) as Hex;
  const receipt = await client.getTransactionReceipt({ hash });
  expect(receipt.from.toLowerCase()).toBe(lender.address.toLowerCase());
  expect(receipt.status).toBe("success");
  await expect(details.getByTestId("subsequent-empty")).toHaveText("No subsequent actions.");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // cancel it from the details modal
  await details.getByTestId("request-details-cancel").click();
  const cancel = page.getByRole("dialog", { name: "Cancel deposit" });
  await expect(cancel).toBeVisible();
  // issue 23: Cancel is enabled only once the chain says the request can still be cancelled
  await expect(cancel.getByTestId("cancel-request-confirm")).toBeEnabled({ timeout: 10_000 });
  await expect(cancel.getByTestId("cancel-request-unavailable")).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await cancel.getByTestId("cancel-request-confirm").click();
  await expect(cancel).toHaveCount(0, { timeout: 20_000 });
  await expect(row(page, nftId).getByTestId("transaction-status")).toHaveText("Cancelled", {
    timeout: 15_000,
  });
  await expect(row(page, nftId).getByTestId("transaction-cancel")).toHaveCount(0);
  const [after] = await getUserRequests(client, stack.deployment, lender.address);
  expect(after).toMatchObject({ nftId, requestStatus: "Cancelled" });

  // a phone: stacked rows, no horizontal scrolling
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(page, nftId)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await context.close();
});

test("pages through more than 10 requests and downloads the whole history as CSV", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  const lender = await freshLender(stack, { eth: parseEther("1"), usdc: 10_000_000_000n });
  await requireTransactionsApi(request, lender.address);
  const { ids } = await depositRequests(stack, lender.privateKey, 12);
  await waitForIndexed(
    request,
    lender.address,
    (p) =>
      p.total === 12 && p.items[0]?.type === "Deposit" && p.items[0]?.nftId === String(ids.at(-1)),
    "12 requests indexed",
  );

  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  await page.goto("/portfolio/my-transactions");
  await connectTestWallet(page);
  // newest first: page 1 holds the 10 newest
  await expect(page.getByTestId("transaction-row")).toHaveCount(10);
  await expect(page.getByTestId("transactions-summary")).toHaveText("1–10 of 12");
  const newest = [...ids].reverse();
  expect(
    await page
      .getByTestId("transaction-row")
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.nftId)),
  ).toEqual(newest.slice(0, 10).map(String));
  await expect(row(page, ids.at(-1)!).getByTestId("transaction-status")).toHaveText("Requested");
  await expect(row(page, ids.at(-2)!).getByTestId("transaction-status")).toHaveText("Cancelled");

  const pagination = page.getByRole("navigation", { name: "Pages of your transactions" });
  await pagination.getByRole("button", { name: "Page 2" }).click();
  await expect(page.getByTestId("transactions-summary")).toHaveText("11–12 of 12");
  expect(
    await page
      .getByTestId("transaction-row")
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.nftId)),
  ).toEqual(newest.slice(10).map(String));
  await expect(pagination.getByRole("button", { name: "Next" })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  // the CSV the server builds: a header of named columns and one record per request
  const downloading = page.waitForEvent("download");
  await page.getByTestId("transactions-csv").click();
  const download = await downloading;
  const records = parseCsv(readFileSync((await download.path())!, "utf8")).filter((r) =>
    r.some((f) => f !== ""),
  );
  const [header, ...data] = records;
  expect(header!.every((name) => name.trim() !== "")).toBe(true);
  const nftColumn = header!.findIndex((name) => /nft/i.test(name));
  expect(nftColumn, `an NFT id column in ${header!.join(",")}`).toBeGreaterThanOrEqual(0);
  expect(data).toHaveLength(12);
  expect(data.map((r) => r[nftColumn]).sort()).toEqual(ids.map(String).sort());
  for (const r of data) expect(r).toHaveLength(header!.length);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await context.close();
});
