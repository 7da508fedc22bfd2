import {
  formatUsdc,
  lendingPoolManagerAbi,
  readTokenBalance,
  type HistoryPage,
  type HistoryTransaction,
  type LoanTicket,
} from "@lending/sdk";
import { createPublicClient, http, type PublicClient } from "viem";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  connectTestWallet,
  devPanel,
  ensureKyc,
  freshLender,
  lendOnChain,
  loanTicketFor,
  pageWithWallet,
  runOps,
  settledByKeeper,
  verifiedLenderPage,
} from "./support/journey";
import { toasts } from "./support/toast";

// Borrower decisions on the full local stack (issue 12), as a new user after `npm start`: the pool
// manager records loan tickets with the ops command; the lender opens Pending decisions (signing
// in once), decides on the identified borrower (a declined signature records nothing), opts out,
// and sees the confirmation; a ticket past its 2-day window counts as opted in; with a session,
// a new ticket opens the pending decisions by itself, once per new ticket (not on every load).
// The Amount of a pending decision is the lender's part of the loan (its exposure), and an
// opt-out withdraws that part, not the lender's whole position, to the wallet.

const PHONE = { width: 390, height: 844 };

test("loan tickets: pending decisions, borrower identified, opt out, opted in after 2 days", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(180_000);
  const lender = await freshLender(stack, { eth: 10n ** 18n, usdc: 0n });
  await ensureKyc(request, lender.privateKey, {
    fullName: "Dorothy Vaughan",
    email: "dorothy@example.com",
  });
  const user = lender.address;
  const ticket = (borrowerId: string, borrowerName: string, assets: string, createdOn?: string) =>
    loanTicketFor(stack, user, { borrowerId, borrowerName, assets, createdOn });
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
  expect(await ticket("b-acme", "Acme Ltd", "25000")).toMatch(/Loan ticket \d+ created/);
  await ticket("b-old", "Old Co", "1000", threeDaysAgo);

  const { context, page, wallet } = await pageWithWallet(browser, stack, lender.privateKey);
  await page.goto("/portfolio");
  await connectTestWallet(page, wallet);
  // no session yet: nothing opens by itself; the button signs in, then lists what waits
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Pending decisions" }).click();
  const pending = page.getByRole("dialog", { name: "Pending decisions" });
  const row = pending.getByTestId("pending-decision");
  await expect(row).toHaveCount(1); // Old Co's window has closed
  await expect(pending.getByTestId("pending-decisions-tranche")).toContainText(
    "Harbour Invoice Finance, Junior tranche",
  );
  await expect(row).toContainText("Acme Ltd");
  // Amount: the lender's part of the loan (no shares in the tranche: none), beside the loan
  await expect(row.getByTestId("pending-decision-exposure")).toHaveText("0.00 USDC");
  await expect(row).toContainText("of a 25,000.00 USDC loan");
  await expect(row.getByTestId("pending-decision-time-left")).toHaveText(/^1d 23h \d{2}m \d{2}s$/);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // borrower identified: its countdown, and a declined signature records nothing
  await row.getByRole("button", { name: "Decide on Acme Ltd" }).click();
  const identified = page.getByRole("dialog", { name: "Borrower identified" });
  await expect(identified.getByTestId("borrower-identified-countdown")).toHaveText(
    /^1d 23h \d{2}m \d{2}s$/,
  );
  await expect(identified).toContainText("b-acme");
  await expect(identified).toContainText("25,000.00 USDC");
  await expect(identified.getByTestId("borrower-identified-exposure")).toHaveText("0.00 USDC");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"]')].map((d) => d.scrollWidth - d.clientWidth),
  );
  expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  wallet.rejectSignatures(true);
  await identified.getByRole("button", { name: "Opt out" }).click();
  await expect(toasts(page, "error", "Message signature request declined.")).toContainText(
    "Unable to record your decision.",
  );
  wallet.rejectSignatures(false);

  // opt out: signed, posted, and the opt-out modal confirms it
  await identified.getByRole("button", { name: "Opt out" }).click();
  const done = page.getByRole("dialog", { name: "You opted out" });
  await expect(done).toContainText("Acme Ltd");
  // what happens, in the words of what happens: withdrawn to the wallet at the next clearing
  await expect(done).toContainText(
    "The pool manager withdraws it from the tranche to your wallet: it is paid at the next clearing",
  );
  await expect(done.getByTestId("opted-out-amount")).toHaveText(
    "Your part of the loan: 0.00 USDC.",
  );
  await expect(identified).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await done.getByRole("button", { name: "Close" }).last().click();
  await expect(pending.getByTestId("pending-decisions-empty")).toHaveText(
    "No decisions are waiting for you.",
  );

  // recorded: opted out of Acme; Old Co, undecided for 2 days, counts as opted in
  const listed = await context.request.get(
    `/api/loan-tickets?chainId=${stack.chainId}&userAddress=${user.toLowerCase()}`,
  );
  expect(listed.status()).toBe(200);
  const tickets = (await listed.json()) as LoanTicket[];
  expect(Object.fromEntries(tickets.map((t) => [t.endBorrowerName, t.status]))).toEqual({
    "Acme Ltd": "optedOut",
    "Old Co": "optedIn",
  });
  // another wallet's session cannot read them
  expect(
    (await request.get(`/api/loan-tickets?chainId=${stack.chainId}&userAddress=${user}`)).status(),
  ).toBe(401);

  // with the session, a new ticket opens the pending decisions by itself, once per new ticket
  await ticket("b-new", "New Co", "5000");
  await page.reload();
  await expect(pending.getByTestId("pending-decision")).toContainText("New Co");
  await pending.getByRole("button", { name: "Close" }).last().click();
  await page.getByRole("link", { name: "My transactions" }).click();
  await expect(page).toHaveURL(/\/portfolio\/my-transactions/);
  await page.waitForTimeout(1000); // the watcher would have asked again by now
  await expect(pending).toHaveCount(0);
  // a new page load with the same ticket: already shown, it does not open again
  await page.goto("/portfolio");
  await expect(page.getByTestId("wallet-button")).toContainText("Connected");
  await page.waitForTimeout(1500);
  await expect(pending).toHaveCount(0);
  // another new ticket opens it again
  await ticket("b-newer", "Newer Co", "700");
  await page.reload();
  await expect(pending.getByTestId("pending-decision").filter({ hasText: "Newer Co" })).toHaveCount(
    1,
  );
  await context.close();
});

test("a borrower for a tranche the lender funds: mail, Queued, opt out, the funds returned", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(300_000);
  const amount = 200n * 1_000_000n;
  const email = `katherine.${Date.now()}@example.com`;
  const { lender, target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: 10n ** 19n, usdc: amount },
    { fullName: "Katherine Johnson", email },
  );
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  const usdcOf = () =>
    readTokenBalance(client, { token: stack.deployment.usdc, owner: lender.address });

  // lend 200 USDC on the chain (the lend modal has its own journeys); the keeper clears and
  // settles it
  const deposit = await lendOnChain(stack, lender.privateKey, target, amount);
  await page.goto("/portfolio");
  await connectTestWallet(page);
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, stack.deployment, deposit.nftId);
  // the indexer has seen the clearing (the ops command asks it for the tranche's lenders)
  const history = `/api/transactions?user=${lender.address}`;
  await expect
    .poll(
      async () =>
        (
          ((await (await context.request.get(history)).json()) as HistoryPage).items[0] as
            HistoryTransaction | undefined
        )?.requestStatus,
      { timeout: 30_000, intervals: [250, 500] },
    )
    .toBe("Processed");
  // ...and lists the lender among the tranche's lenders, which the ops command reads (the
  // history's status alone does not wait for it)
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `${stack.indexerUrl}/tranche-lenders?pool=${target.pool.id}&tranche=${target.tranche.id}`,
        );
        const { items } = (await res.json()) as { items: string[] };
        return items.map((a) => a.toLowerCase()).includes(lender.address.toLowerCase());
      },
      { timeout: 30_000, intervals: [250], message: "the indexer lists the lender in the tranche" },
    )
    .toBe(true);

  // the pool manager records a borrower for that tranche: every lender in it is told and mailed
  const pool = String(target.pool.id);
  const tranche = String(target.tranche.id);
  const created = await runOps(stack, [
    "loan-tickets:create",
    ...["--pool", pool, "--tranche", tranche, "--borrower-id", "b-harbour"],
    ...["--borrower-name", "Harbour Freight Ltd", "--assets", "100"],
  ]);
  const ticketId = /Loan ticket (\d+) created/.exec(created)?.[1];
  expect(ticketId).toBeDefined();
  expect(created).toMatch(/\d+ lenders? told, \d+ mailed/);
  const outbox = await context.newPage();
  await outbox.goto("/dev/outbox");
  // the lender's outbox also holds the code that confirmed the email: the borrower mail by name
  const mail = outbox
    .getByTestId("outbox-mail")
    .filter({ hasText: `to ${email}` })
    .filter({ hasText: "a borrower was identified for your funds" });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText("a borrower was identified for your funds");
  await expect(mail).toContainText("Harbour Freight Ltd (b-harbour), 100.00 USDC");
  await expect(mail).toContainText(/sent from \S+@\S+, a no-reply address/);
  await outbox.close();

  // signed in (the portfolio's button), the history shows the deposit Queued until the decision
  await page.goto("/portfolio");
  await expect(page.getByTestId("wallet-button")).toContainText("Connected");
  await page.getByRole("button", { name: "Pending decisions" }).click();
  const pending = page.getByRole("dialog", { name: "Pending decisions" });
  await expect(pending.getByTestId("pending-decision")).toContainText("Harbour Freight Ltd");
  // Amount: the lender's part of the 100 USDC loan (its share of the tranche), not the loan
  const listed = (await (
    await context.request.get(
      `/api/loan-tickets?chainId=${stack.chainId}&userAddress=${lender.address.toLowerCase()}`,
    )
  ).json()) as LoanTicket[];
  const harbour = listed.find((t) => t.endBorrowerID === "b-harbour");
  expect(harbour?.exposure).toBeTruthy();
  const exposure = BigInt(harbour!.exposure!);
  expect(exposure).toBeGreaterThan(0n);
  expect(exposure).toBeLessThanOrEqual(100n * 1_000_000n);
  await expect(pending.getByTestId("pending-decision-exposure")).toHaveText(
    `${formatUsdc(exposure)} USDC`,
  );
  await expect(pending.getByTestId("pending-decision")).toContainText("of a 100.00 USDC loan");
  await pending.getByRole("button", { name: "Close" }).last().click();
  await page.getByRole("link", { name: "My transactions" }).click();
  const row = page
    .getByTestId("transaction-row")
    .filter({ has: page.getByTestId("transaction-status") })
    .first();
  await expect(row.getByTestId("transaction-status")).toHaveText("Queued");
  await row.getByTestId("transaction-details").click();
  const details = page.getByRole("dialog", { name: "Request details" });
  await expect(details.getByTestId("subsequent-action")).toHaveCount(1);
  await expect(details.getByTestId("subsequent-action")).toContainText(
    "Decision pending: Harbour Freight Ltd",
  );
  await expect(details.getByTestId("subsequent-action")).toContainText("Pending");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press("Escape");

  // opt out from the pending decisions (already shown once: they no longer open by themselves)
  await page.goto("/portfolio");
  await expect(page.getByTestId("wallet-button")).toContainText("Connected");
  await page.getByRole("button", { name: "Pending decisions" }).click();
  await pending
    .getByTestId("pending-decision")
    .filter({ hasText: "Harbour Freight Ltd" })
    .getByRole("button", { name: "Decide on Harbour Freight Ltd" })
    .click();
  await page
    .getByRole("dialog", { name: "Borrower identified" })
    .getByRole("button", { name: "Opt out" })
    .click();
  await expect(page.getByRole("dialog", { name: "You opted out" })).toContainText(
    "Harbour Freight Ltd",
  );

  // the pool manager returns the funds of those who opted out: a forced withdrawal, paid at the
  // next clearing
  const returned = await runOps(stack, ["loan-tickets:return-funds", "--ticket", ticketId!]);
  const forcedId = new RegExp(
    `${lender.address.toLowerCase()}: \\d+ shares returned through forced withdrawal request (\\d+)`,
  ).exec(returned)?.[1];
  expect(forcedId, returned).toBeDefined();
  expect(returned).toContain(`the lender's part of the loan: ${formatUsdc(exposure)} USDC`);
  const before = await usdcOf();
  await page.goto("/portfolio/my-transactions");
  await devPanel(page, "Move to the next epoch");
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, stack.deployment, BigInt(forcedId!));
  // the lender's part of the loan, paid to the wallet (the shares' worth at the clearing, within
  // its interest), and the rest of the position stays in the tranche
  const received = (await usdcOf()) - before;
  expect(received).toBeGreaterThanOrEqual(exposure - 2n);
  expect(received).toBeLessThanOrEqual(exposure + exposure / 100n);
  const left = await client.readContract({
    address: stack.deployment.lendingPoolManager,
    abi: lendingPoolManagerAbi,
    functionName: "sharesOf",
    args: [target.pool.id, target.tranche.id, lender.address],
  });
  expect(left).toBeGreaterThan(0n);

  await expect
    .poll(
      async () => {
        const page1 = (await (await context.request.get(history)).json()) as HistoryPage;
        const tx = page1.items.find(
          (t): t is HistoryTransaction =>
            (t.type === "Deposit" || t.type === "Withdrawal") && t.nftId === String(deposit.nftId),
        );
        return tx?.subsequentTransactions.map((a) => `${a.action} ${a.status}`);
      },
      { timeout: 30_000, intervals: [250, 500] },
    )
    .toEqual(["emailSent Completed", "optedOut Completed", "fundsReturned Completed"]);
  await page.reload();
  const depositRow = page.getByTestId("transaction-row").filter({ hasText: "Deposit" }).first();
  await expect(depositRow.getByTestId("transaction-status")).toHaveText("Processed");
  await depositRow.getByTestId("transaction-details").click();
  const actions = details.getByTestId("subsequent-action");
  await expect(actions).toHaveCount(3);
  await expect(actions.nth(1)).toContainText("Opted out: Harbour Freight Ltd");
  await expect(actions.nth(2)).toContainText("Funds returned: Harbour Freight Ltd");
  await expect(actions.nth(2)).toContainText("Completed");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await context.close();
});
