import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import {
  connectTestWallet,
  ensureKyc,
  freshLender,
  mailedCode,
  pageWithWallet,
  submitKycWidget,
} from "./support/journey";

// The missing email modal (issue 12): a lender verified without an email ('No Email') is asked
// for one on the portfolio, gets a code by mail (the local outbox) and confirms it; a wrong code
// is answered under the field, and the status becomes Active.

test("a verified lender without an email adds one with the mailed code", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  const lender = await freshLender(stack, { eth: 10n ** 18n, usdc: 0n });
  await ensureKyc(request, lender.privateKey, { fullName: "Grace Hopper", email: "" });
  const kyc = async () =>
    (
      (await (await request.get(`/api/kyc?userAddress=${lender.address}`)).json()) as {
        status: string;
      }
    ).status;
  expect(await kyc()).toBe("No Email");

  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  await page.goto("/portfolio");
  await connectTestWallet(page);
  const notice = page.getByTestId("missing-email-notice");
  await expect(notice).toContainText("Add an email to receive notifications");
  // the notice comes in once the KYC check answers: below the portfolio's buttons, so they do
  // not move under a finger about to press one (above them, a click meant for Pending decisions
  // once landed on the next element down)
  const actions = await page.getByTestId("open-pending-decisions").boundingBox();
  const shown = await notice.boundingBox();
  expect(shown!.y).toBeGreaterThan(actions!.y + actions!.height);
  await notice.getByRole("button", { name: "Add email" }).click();

  const modal = page.getByRole("dialog", { name: "Add your email" });
  const input = modal.getByLabel("Email");
  await input.fill("grace.example.com");
  await modal.getByRole("button", { name: "Send code" }).click();
  await expect(modal.getByRole("alert")).toHaveText("Enter a valid email address");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  const email = `grace.${lender.address.slice(2, 10).toLowerCase()}@example.com`;
  await input.fill(email);
  await modal.getByRole("button", { name: "Send code" }).click();
  await expect(modal.getByTestId("missing-email-sent")).toHaveText(
    `We sent a 6-digit code to ${email}. It is valid for 10 minutes.`,
  );

  // the code from the local outbox; a wrong one first
  const outbox = await context.newPage();
  await outbox.goto("/dev/outbox");
  await expect(outbox.getByText(`to ${email}`)).toBeVisible();
  const code = /confirmation code is (\d{6})/.exec(await outbox.locator("body").innerText())?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await outbox.close();
  const wrong = code === "000000" ? "111111" : "000000";
  const codeInput = modal.getByLabel("Confirmation code");
  await codeInput.fill(wrong);
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(modal.getByRole("alert")).toHaveText(/^Wrong confirmation code: \d+ tries left$/);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  await codeInput.fill(code!);
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(modal).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(`We will send notifications to ${email}.`)).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await kyc()).toBe("Active");
  await context.close();
});

// Issue 24 item 7: an email typed in the KYC widget is not the lender's (the lender is 'No
// Email') until the code the widget mailed is confirmed, here through Add email's "I have a code".
test("an email typed in the KYC widget counts only once its mailed code is confirmed", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  const lender = await freshLender(stack, { eth: 10n ** 18n, usdc: 0n });
  const email = `hedy.${lender.address.slice(2, 10).toLowerCase()}@example.com`;
  const submitted = await submitKycWidget(request, lender.privateKey, {
    fullName: "Hedy Lamarr",
    email,
  });
  expect(submitted).toMatchObject({ status: "No Email", email: null, pendingEmail: email });
  const kyc = async () =>
    (
      (await (await request.get(`/api/kyc?userAddress=${lender.address}`)).json()) as {
        status: string;
      }
    ).status;
  expect(await kyc()).toBe("No Email");

  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  await page.goto("/portfolio");
  await connectTestWallet(page);
  const notice = page.getByTestId("missing-email-notice");
  await notice.getByRole("button", { name: "Add email" }).click();
  const modal = page.getByRole("dialog", { name: "Add your email" });
  await modal.getByLabel("Email").fill(email);
  // the widget's code: no new one is mailed
  await modal.getByRole("button", { name: "I have a code" }).click();
  await modal
    .getByLabel("Confirmation code")
    .fill(await mailedCode(request, lender.address, email));
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(modal).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(`We will send notifications to ${email}.`)).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await kyc()).toBe("Active");
  // one code mailed, the widget's (the rendered outbox: its HTML also carries the page's data)
  const outbox = await context.newPage();
  await outbox.goto("/dev/outbox");
  await expect(
    outbox
      .getByTestId("outbox-mail")
      .filter({ hasText: `${email} the email address of the wallet` }),
  ).toHaveCount(1);
  await context.close();
});
