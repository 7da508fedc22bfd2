import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { toasts } from "./toast";

// Sign-in by email (issue 14): the account's embedded wallet, as a new user signs in.

/** The newest sign-in code mailed to `email`, read from the local outbox. */
export async function codeFromOutbox(context: BrowserContext, email: string): Promise<string> {
  const outbox = await context.newPage();
  await outbox.goto("/dev/outbox");
  const mail = outbox
    .getByTestId("outbox-mail")
    .filter({ hasText: `to ${email}` })
    .first();
  await expect(mail).toBeVisible();
  const code = /sign-in code is (\d{6})/.exec(await mail.innerText())?.[1];
  await outbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Connect Wallet -> Email -> code from the outbox -> Sign in; answers the connect dialog. */
export async function signInByEmail(page: Page, email: string) {
  const button = page.getByTestId("wallet-button");
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await dialog.getByRole("button", { name: "Email", exact: true }).click();
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    `We sent a 6-digit code to ${email}. It is valid for 10 minutes.`,
  );
  await dialog.getByLabel("Code").fill(await codeFromOutbox(page.context(), email));
  await dialog.getByRole("button", { name: "Sign in" }).click();
  return dialog;
}

/**
 * Closes every toast: they sit over the wallet button, and the pointer resting on them pauses
 * their timers.
 */
export async function closeToasts(page: Page) {
  const all = page.locator("[data-sonner-toast]");
  // not the ones already closing (they leave the page after their exit animation)
  const open = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  for (let i = 0; i < 6 && (await open.count()) > 0; i++) {
    // Each toast's close button gets the click event itself: a pointer click at its place missed
    // as the stack moved under the pointer (it waited out its 5 s timeout in every other call;
    // docs/benchmarks.md, issue 26 goal 4, eighth session), and the toasts behind the front one
    // are stacked out of the pointer's reach.
    await open
      .first()
      .locator("[data-close-button]")
      .dispatchEvent("click", undefined, { timeout: 2_000 })
      .catch(() => {});
  }
  // what is left closes by itself once the pointer is elsewhere
  await page.mouse.move(1, 1);
  await expect(all).toHaveCount(0, { timeout: 30_000 });
}

/** Waits for the "No recovery password yet" warning of a sign-in, then closes the toasts. */
export async function dismissRecoveryWarning(page: Page) {
  await expect(toasts(page, "warning", "No recovery password yet")).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(toasts(page, "info", "Account connected")).toHaveCount(1);
  await closeToasts(page);
}
