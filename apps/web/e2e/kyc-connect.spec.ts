import { expect, test } from "./support/fixtures";
import { TEST_WALLET_NAME } from "./support/test-wallet";

// Spec section 4, "Connect" and "KYC status check": connecting asks the server for the status.
test("connecting a wallet shows 'Account connected' and checks the KYC status", async ({
  page,
  wallet,
  consoleErrors,
}) => {
  await page.goto("/lending");
  const button = page.getByTestId("wallet-button");
  await expect(button).toBeEnabled();

  const check = page.waitForResponse(
    (r) =>
      r.request().method() === "GET" && r.url().includes(`/api/kyc?userAddress=${wallet.address}`),
  );
  await button.click();
  await page.getByRole("dialog").getByRole("button", { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Account connected" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Verifying status of account...");
  await expect(toast).toHaveAttribute("data-type", "info");

  const response = await check;
  expect(response.ok()).toBe(true);
  const info = (await response.json()) as { address: string; status: string };
  expect(info.address.toLowerCase()).toBe(wallet.address.toLowerCase());
  expect(typeof info.status).toBe("string");
  expect(consoleErrors).toEqual([]);
});
