import { getUserRequests, shortenAddress } from "@lending/sdk";
import type { BrowserContext } from "@playwright/test";
import { createPublicClient, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  closeToasts,
  codeFromOutbox,
  dismissRecoveryWarning,
  signInByEmail,
} from "./support/account";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { E2E_GOOGLE_USER } from "./support/google";
import { lendThroughLocalKyc, pageWithWallet, trancheFor } from "./support/journey";
import { fitsThePhone } from "./support/layout";
import { toasts } from "./support/toast";

// Sign-in by email or Google (issue 14): the account's embedded wallet is created in the browser,
// funded with the dev panel, verified and lends like any wallet; a recovery password restores it
// in another browser; the key is exported only shortly after a sign-in; other wallets are linked
// by a signature and the active one is switched from the link wallets modal.

/** The shortened address as the app shows it, in any letter case (checksummed or not). */
const short = (address: string) =>
  new RegExp(shortenAddress(address).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");

async function accountOf(context: BrowserContext) {
  const r = await context.request.get("/api/auth/account");
  expect(r.ok()).toBe(true);
  return (
    (await r.json()) as {
      account: { embeddedAddress: Address; hasBackup: boolean; google: boolean; email: string };
    }
  ).account;
}

test("email sign-in: an embedded wallet is created, funded, verified and lends 100 USDC from its address", async ({
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  const email = `embedded.${Date.now()}@example.com`;
  const context = await browser.newContext({ baseURL: stack.baseUrl });
  const page = await context.newPage();
  await page.goto("/lending");

  // the connect modal: primary and other options, accessible, and fits a phone
  await page.getByTestId("wallet-button").click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(dialog.getByRole("button", { name: "Dev Wallet" })).toBeVisible();
  const labels = await dialog.locator("li button").allInnerTexts();
  expect(labels.map((l) => l.replace("…", "").trim())).toEqual([
    "Browser Wallet",
    "Google",
    "Email",
    "Coinbase Wallet",
    "Dev Wallet",
  ]);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await fitsThePhone(page);
  await dialog.getByRole("button", { name: "Email", exact: true }).click();
  await dialog.getByLabel("Email address").fill("not-an-email");
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter a valid email address");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await signInByEmail(page, email);
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  const { embeddedAddress: address } = await accountOf(context);
  expect(address).toMatch(/^0x[0-9a-f]{40}$/);
  await expect(page.getByTestId("wallet-button")).toContainText(short(address));
  // as for any wallet: the KYC check on connect; and the warning until a recovery password is set
  await expect(toasts(page, "info", "Account connected")).toHaveCount(1);
  await dismissRecoveryWarning(page);

  // funded with the local dev panel
  await page.getByRole("button", { name: "Demo controls" }).click();
  const panel = page.getByRole("dialog", { name: "Demo controls (local chain)" });
  await panel.getByRole("button", { name: /Fund my wallet/ }).click();
  await expect(panel.getByRole("status")).toContainText(
    new RegExp(`Sent 10,000 USDC, 1,000 KSU and 10 ETH to ${short(address).source}`, "i"),
    { timeout: 30_000 },
  );
  await page.keyboard.press("Escape");

  // View Wallet from the link wallets modal: balances, Add Funds, recovery password
  await page.getByTestId("wallet-button").click();
  const linked = page.getByRole("dialog", { name: "Linked wallets" });
  await expect(linked).toContainText(`Wallets of ${email}`);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await linked.getByRole("button", { name: "View Wallet" }).click();
  const view = page.getByRole("dialog", { name: shortenAddress(address) });
  await expect(view.getByTestId("wallet-usdc")).toHaveText("10,000");
  await expect(view.getByTestId("wallet-eth")).toHaveText(/^(9\.99\d{0,2}|10)$/);
  await expect(view.getByRole("note")).toContainText("No recovery password yet");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await view.getByRole("button", { name: "Add Funds" }).click();
  await expect(view.getByRole("heading", { name: "Receive funds" })).toBeVisible();
  await expect(view.getByTestId("receive-address")).toHaveText(address);
  await expect(view.getByTestId("receive-chain")).not.toBeEmpty();
  await expect(view.getByRole("img", { name: "QR code of your address" })).toBeVisible();
  // no on-ramp is configured: no button
  await expect(view.getByRole("link", { name: /^Buy with/ })).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await fitsThePhone(page);
  await view.getByRole("button", { name: "Back" }).click();
  await view.getByRole("button", { name: "Set a recovery password" }).first().click();
  await view.getByLabel("Recovery password", { exact: true }).fill("short");
  await view.getByLabel("Repeat the recovery password").fill("short");
  await view.getByRole("button", { name: "Save recovery password" }).click();
  await expect(view.getByRole("alert")).toHaveText("Use at least 10 characters");
  await view.getByLabel("Recovery password", { exact: true }).fill("correct horse battery");
  await view.getByLabel("Repeat the recovery password").fill("correct horse battery");
  await view.getByRole("button", { name: "Save recovery password" }).click();
  await expect(view.getByRole("status")).toHaveText(
    "Recovery password set. You can now restore this wallet in any browser.",
    { timeout: 30_000 },
  );
  expect((await accountOf(context)).hasBackup).toBe(true);
  await page.keyboard.press("Escape");

  // KYC through the local widget, then lend 100 USDC: signatures and transactions by the
  // embedded wallet, verified by the server like any wallet's
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const amount = 100_000_000n;
  const target = await trancheFor(stack, address, amount);
  await lendThroughLocalKyc(
    page,
    { poolName: target.pool.poolName, trancheName: target.tranche.name },
    { amount: "100", fullName: "Ada Lovelace", email },
  );
  const requests = await getUserRequests(client, stack.deployment, address);
  expect(requests).toEqual([
    expect.objectContaining({
      kind: "Deposit",
      amount,
      poolId: target.pool.id,
      trancheId: target.tranche.id,
    }),
  ]);
  await context.close();
});

test("a new browser restores the wallet with the recovery password; a wrong one changes nothing; export needs a recent sign-in", async ({
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  const email = `restore.${Date.now()}@example.com`;
  const password = "a long recovery password";

  // first browser: create, set the recovery password, sign out
  const first = await browser.newContext({ baseURL: stack.baseUrl });
  const page = await first.newPage();
  await page.goto("/lending");
  await signInByEmail(page, email);
  await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 30_000 });
  await dismissRecoveryWarning(page);
  const { embeddedAddress: address } = await accountOf(first);
  await page.getByTestId("wallet-button").click();
  await page
    .getByRole("dialog", { name: "Linked wallets" })
    .getByRole("button", { name: "View Wallet" })
    .click();
  const view = page.getByRole("dialog", { name: shortenAddress(address) });
  await view.getByRole("button", { name: "Set a recovery password" }).first().click();
  await view.getByLabel("Recovery password", { exact: true }).fill(password);
  await view.getByLabel("Repeat the recovery password").fill(password);
  await view.getByRole("button", { name: "Save recovery password" }).click();
  await expect(view.getByRole("status")).toContainText("Recovery password set", {
    timeout: 30_000,
  });
  await page.keyboard.press("Escape");
  await page.getByTestId("wallet-button").click();
  await page
    .getByRole("dialog", { name: "Linked wallets" })
    .getByRole("button", { name: "Sign out", exact: true })
    .click();
  await expect(page.getByTestId("wallet-button")).toHaveText(/Connect Wallet/);
  expect((await first.request.get("/api/auth/account")).status()).toBe(401);
  await first.close();

  // a fresh browser: the wallet is not on this device, so it asks for the recovery password
  const second = await browser.newContext({ baseURL: stack.baseUrl });
  const other = await second.newPage();
  await other.goto("/lending");
  const dialog = await signInByEmail(other, email);
  await expect(dialog.getByRole("heading", { name: "Restore your wallet" })).toBeVisible({
    timeout: 30_000,
  });
  const backupBefore = await (await second.request.get("/api/auth/account/backup")).json();
  await dialog.getByLabel("Recovery password").fill("not the password");
  await dialog.getByRole("button", { name: "Restore wallet" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Wrong recovery password. Nothing was changed: try again.",
    { timeout: 30_000 },
  );
  await expect(other.getByTestId("wallet-button")).toHaveText(/Connect Wallet/);
  expect(await (await second.request.get("/api/auth/account/backup")).json()).toEqual(backupBefore);
  expect(await seriousViolations(other, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel("Recovery password").fill(password);
  await dialog.getByRole("button", { name: "Restore wallet" }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(other.getByTestId("wallet-button")).toContainText(short(address));
  expect((await accountOf(second)).embeddedAddress).toBe(address);
  // a restored wallet has a recovery password: no warning this time
  await expect(toasts(other, "success", `Signed in as ${email}`)).toHaveCount(1);
  await expect(toasts(other, "warning", "No recovery password yet")).toHaveCount(0);

  // still connected after a reload (the key is kept on this device now)
  await other.reload();
  await expect(other.getByTestId("wallet-button")).toContainText(short(address), {
    timeout: 30_000,
  });
  await closeToasts(other);

  // export: refused 5 minutes after the sign-in, shown again after signing in anew
  const later = Date.now() + 6 * 60_000;
  await other.clock.setFixedTime(later);
  await other.getByTestId("wallet-button").click();
  await other
    .getByRole("dialog", { name: "Linked wallets" })
    .getByRole("button", { name: "View Wallet" })
    .click();
  const wallet = other.getByRole("dialog", { name: shortenAddress(address) });
  await wallet.getByRole("button", { name: "Export Embedded Wallet" }).click();
  await expect(wallet.getByRole("alert")).toHaveText(
    "For your security, the key can be shown only within 5 minutes of signing in. Sign in again to export it.",
  );
  await expect(wallet.getByRole("button", { name: "Show private key" })).toHaveCount(0);
  await wallet.getByRole("button", { name: "Sign in again" }).click();
  await expect(wallet.getByLabel("Email address")).toHaveValue(email);
  await wallet.getByRole("button", { name: "Send code" }).click();
  const code = await codeFromOutbox(second, email);
  await other.clock.setFixedTime(Date.now());
  await wallet.getByLabel("Code").fill(code);
  await wallet.getByRole("button", { name: "Sign in" }).click();
  await wallet.getByRole("button", { name: "Show private key" }).click();
  const key = (await wallet.getByTestId("exported-key").inputValue()) as Hex;
  expect(privateKeyToAccount(key).address.toLowerCase()).toBe(address);
  await second.close();
});

test("Google sign-in (a local OpenID issuer): back on the page with a new embedded wallet", async ({
  browser,
  stack,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: stack.baseUrl });
  const page = await context.newPage();
  await page.goto("/portfolio");
  await page.getByTestId("wallet-button").click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: "Google" })
    .click();
  await page.waitForURL((url) => url.pathname === "/portfolio" && !url.search.includes("signin"), {
    timeout: 30_000,
  });
  await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 30_000 });
  // the page creates the embedded wallet once it has loaded after the redirect: wait for it
  await expect
    .poll(async () => (await accountOf(context)).embeddedAddress, {
      timeout: 30_000,
      intervals: [250, 500],
    })
    .toMatch(/^0x[0-9a-f]{40}$/);
  const account = await accountOf(context);
  expect(account).toMatchObject({ google: true, email: E2E_GOOGLE_USER.email });
  await expect(page.getByTestId("wallet-button")).toContainText(short(account.embeddedAddress));
  await context.close();
});

test("link wallets: a browser wallet is linked by its signature, the active wallet is switched and remembered", async ({
  browser,
  stack,
}) => {
  test.setTimeout(180_000);
  const email = `linker.${Date.now()}@example.com`;
  const key = generatePrivateKey();
  const external = privateKeyToAccount(key);
  const { context, page } = await pageWithWallet(browser, stack, key);
  await page.goto("/portfolio");
  await signInByEmail(page, email);
  await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 30_000 });
  await dismissRecoveryWarning(page);
  const { embeddedAddress } = await accountOf(context);

  // connect the browser wallet too, then link it from the link wallets modal
  await page.getByTestId("wallet-button").click();
  await page
    .getByRole("dialog", { name: "Linked wallets" })
    .getByRole("button", { name: "Link another wallet" })
    .click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: "Test Wallet" })
    .click();
  await expect(page.getByTestId("wallet-button")).toContainText(short(external.address));
  await closeToasts(page);
  await page.getByTestId("wallet-button").click();
  const modal = page.getByRole("dialog", { name: "Linked wallets" });
  await modal
    .getByRole("button", {
      name: `Link Test Wallet ${shortenAddress(external.address)} to your account`,
    })
    .click();
  const accountWallets = modal.getByTestId("account-wallets").getByRole("listitem");
  const rows = accountWallets.filter({ hasText: short(external.address) });
  await expect(rows).toContainText("Active");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await fitsThePhone(page);

  // the session follows the active wallet: its personal data is readable
  const tickets = (a: string) =>
    context.request.get(
      `/api/loan-tickets?chainId=${stack.chainId}&userAddress=${a.toLowerCase()}`,
    );
  expect((await tickets(external.address)).status()).toBe(200);

  // switch to the embedded wallet
  const embeddedRow = accountWallets.filter({ hasText: "Embedded wallet" });
  await embeddedRow.getByRole("button", { name: "Use this wallet" }).click();
  await expect(embeddedRow).toContainText("Active");
  await expect(page.getByTestId("wallet-button")).toContainText(short(embeddedAddress));
  expect((await tickets(embeddedAddress)).status()).toBe(200);
  expect((await tickets(external.address)).status()).toBe(403);

  // unlinked: it leaves the account's list
  await rows
    .getByRole("button", {
      name: `Unlink ${shortenAddress(external.address.toLowerCase())} from your account`,
    })
    .click();
  await expect(rows).toHaveCount(0);
  await expect(accountWallets).toHaveCount(1);

  // remembered: after a reload the embedded wallet is still the active one
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByTestId("wallet-button")).toContainText(short(embeddedAddress), {
    timeout: 30_000,
  });
  await context.close();
});
