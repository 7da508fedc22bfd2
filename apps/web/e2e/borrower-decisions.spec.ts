import type { LoanTicket } from "@lending/sdk";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  connectTestWallet,
  ensureKyc,
  freshLender,
  pageWithWallet,
  runOps,
} from "./support/journey";
import { toasts } from "./support/toast";

// Borrower decisions on the full local stack (issue 12), as a new user after `npm start`: the pool
// manager records loan tickets with the ops command; the lender opens Pending decisions (signing
// in once), decides on the identified borrower (a declined signature records nothing), opts out,
// and sees the confirmation; a ticket past its 2-day window counts as opted in; with a session,
// a new ticket opens the pending decisions by itself, once per page load.

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
  const ticket = (borrowerId: string, name: string, assets: string, extra: string[] = []) =>
    runOps(stack, [
      "loan-tickets:create",
      ...["--pool", "0", "--tranche", "0", "--borrower-id", borrowerId],
      ...["--borrower-name", name, "--assets", assets, "--user", user, "--chain"],
      String(stack.chainId),
      ...extra,
    ]);
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
  expect(await ticket("b-acme", "Acme Ltd", "25000")).toMatch(/Loan ticket \d+ created/);
  await ticket("b-old", "Old Co", "1000", ["--created-on", threeDaysAgo]);

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
  await expect(row).toContainText("25,000.00 USDC");
  await expect(row.getByTestId("pending-decision-time-left")).toHaveText(/^1d 23h \d{2}m \d{2}s$/);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // borrower identified: its countdown, and a declined signature records nothing
  await row.getByRole("button", { name: "Decide on Acme Ltd" }).click();
  const identified = page.getByRole("dialog", { name: "Borrower identified" });
  await expect(identified.getByTestId("borrower-identified-countdown")).toHaveText(
    /^1d 23h \d{2}m \d{2}s$/,
  );
  await expect(identified).toContainText("b-acme");
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

  // with the session, a new ticket opens the pending decisions by itself, once per page load
  await ticket("b-new", "New Co", "5000");
  await page.reload();
  await expect(pending.getByTestId("pending-decision")).toContainText("New Co");
  await pending.getByRole("button", { name: "Close" }).last().click();
  await page.getByRole("link", { name: "My transactions" }).click();
  await expect(page).toHaveURL(/\/portfolio\/my-transactions/);
  await page.waitForTimeout(1000); // the watcher would have asked again by now
  await expect(pending).toHaveCount(0);
  await context.close();
});
