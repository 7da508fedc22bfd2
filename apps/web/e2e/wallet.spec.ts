import { shortenAddress } from "@lending/sdk";
import { expect, test } from "./support/fixtures";
import { TEST_WALLET_NAME } from "./support/test-wallet";

test("connects the injected test wallet through the connect modal", async ({
  page,
  wallet,
  consoleErrors,
}) => {
  await page.goto("/lending");
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Lending", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Locking", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "My Portfolio" })).toHaveCount(0);

  const button = page.getByTestId("wallet-button");
  await expect(button).toHaveText(/Connect Wallet/);
  await expect(button).toBeEnabled();
  await button.click();

  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: TEST_WALLET_NAME }).click();

  await expect(button).toContainText(shortenAddress(wallet.address));
  await expect(page.getByText("Connected", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "My Portfolio" }).first()).toBeVisible();
  expect(wallet.isConnected()).toBe(true);
  expect(consoleErrors).toEqual([]);
});
