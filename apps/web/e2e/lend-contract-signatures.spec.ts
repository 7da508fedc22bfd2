import { expect, test } from "./support/fixtures";
import {
  generateLoanContract,
  openReviewStep,
  pageWithWallet,
  verifiedLenderPage,
} from "./support/journey";
import { toasts } from "./support/toast";

// Spec sections 6 and 8: generating and accepting a loan contract each need a wallet signature;
// declining one shows 'Message signature request declined.' with what could not be done.
test("declining the generation or the acceptance signature leaves the contract ungenerated or unaccepted", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(60_000);
  const amount = 432_000_000n;
  const { lender, target, context, page, wallet } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: 0n, usdc: amount },
    { fullName: "Mary Jackson" },
  );

  // Generation declined: no contract, no request to the server.
  const dialog = await openReviewStep(page, target, amount);
  let generations = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api/lender-agreements")) generations += 1;
  });
  wallet.rejectSignatures(true);
  await dialog.getByRole("button", { name: "Generate Loan Contract" }).click();
  const declined = toasts(page, "error", "Message signature request declined.");
  await expect(declined).toHaveCount(1);
  await expect(declined.locator("[data-description]")).toHaveText(
    "Unable to generate Loan Contract.",
  );
  await expect(dialog.getByTestId("loan-contract-status")).toHaveText("Not generated");
  await expect(page.getByRole("dialog", { name: "Loan Contract" })).toHaveCount(0);
  expect(generations).toBe(0);
  // An error toast closes by itself after a few seconds: on a slow machine it may be gone already.
  await declined
    .getByRole("button", { name: "Close toast" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(declined).toHaveCount(0);
  await dialog.getByRole("button", { name: "Adjust" }).click();
  await context.close();

  // Acceptance declined: the contract stays open and unaccepted; accepting again works.
  const second = await pageWithWallet(browser, stack, lender.privateKey);
  const { dialog: lend, contract } = await generateLoanContract(second.page, target, amount);
  const accepts: string[] = [];
  second.page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) accepts.push(r.url());
  });
  second.wallet.rejectSignatures(true);
  await contract.getByRole("button", { name: "Accept" }).click();
  const acceptDeclined = toasts(second.page, "error", "Message signature request declined.");
  await expect(acceptDeclined).toHaveCount(1);
  await expect(acceptDeclined.locator("[data-description]")).toHaveText(
    "Unable to accept Loan contract.",
  );
  await expect(contract).toBeVisible();
  await expect(contract.getByRole("button", { name: "Accept" })).toBeEnabled();
  expect(accepts).toEqual([]);

  second.wallet.rejectSignatures(false);
  const recorded = second.page.waitForResponse(
    (r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]),
  );
  await contract.getByRole("button", { name: "Accept" }).click();
  await recorded;
  await expect(contract).toHaveCount(0);
  await expect(lend.getByTestId("loan-contract-status")).toHaveText("Accepted");
  await second.context.close();
});
