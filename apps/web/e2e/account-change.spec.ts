import { shortenAddress } from "@lending/sdk";
import { expect, test } from "./support/fixtures";
import { toasts } from "./support/toast";
import { connectTestWallet, ensureKyc, freshLender, pageWithWallet } from "./support/journey";

// Spec section 4, "KYC status check": an account change while connected shows 'Account change
// detected' and checks the new account's status; lending follows the new account's KYC.
test("switching to another account in the wallet shows 'Account change detected' and checks its KYC", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(60_000);
  const verified = await freshLender(stack, { eth: 0n, usdc: 0n });
  const unverified = await freshLender(stack, { eth: 0n, usdc: 0n });
  await ensureKyc(request, verified.privateKey, {
    fullName: "Joan Clarke",
  });
  const { context, page, wallet } = await pageWithWallet(browser, stack, verified.privateKey);
  const toast = (title: string) => toasts(page, "info", title);

  await page.goto("/lending");
  await connectTestWallet(page, wallet);
  await expect(toast("Account connected")).toHaveCount(1);
  await toast("Account connected").getByRole("button", { name: "Close toast" }).click();
  await expect(toast("Account connected")).toHaveCount(0);
  const button = page.getByTestId("wallet-button");
  await expect(button).toContainText(shortenAddress(verified.address));
  // Verified: Lend opens the lend modal.
  const lend = page.getByTestId("lend-button").first();
  await lend.click();
  const dialog = page.getByRole("dialog", { name: "Lend" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);

  const check = page.waitForResponse(
    (r) =>
      r.request().method() === "GET" &&
      r.url().includes(`/api/kyc?userAddress=${unverified.address}`),
  );
  await wallet.switchAccount(unverified.privateKey);
  await expect(toast("Account change detected")).toHaveCount(1);
  expect(((await (await check).json()) as { status: string }).status).toBe("Not started");
  await expect(button).toContainText(shortenAddress(unverified.address));
  // A change, not a new connection.
  await expect(toast("Account connected")).toHaveCount(0);

  // The new account is not verified: Lend asks for the verification first.
  await lend.click();
  await expect(page.getByRole("dialog", { name: "Identity Verification" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await context.close();
});
