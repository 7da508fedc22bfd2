import { readPools, readTokenBalance } from "@lending/sdk";
import { createPublicClient, http } from "viem";
import { demoLenderAccounts } from "../../../scripts/src/lib/dev-accounts";
import { expect, test } from "./support/fixtures";
import {
  clickClearOfToasts,
  connectTestWallet,
  ensureKyc,
  trancheLimitsOf,
} from "./support/journey";
import { installTestWallet } from "./support/test-wallet";

// The same journey setup as lend.spec.ts (KYC through the API, connect, open the lend modal),
// with a funded demo lender of its own (dev account 4), apart from the default test wallet.
const LENDER = demoLenderAccounts.find((a) => a.index === 4)!;

test("a loan contract expires 5 minutes after it was generated", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: stack.baseUrl });
  const wallet = await installTestWallet(context, {
    rpcUrl: stack.rpcUrl,
    chainId: stack.chainId,
    privateKey: LENDER.privateKey,
  });
  const page = await context.newPage();
  await ensureKyc(request, LENDER.privateKey);
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pools = await readPools(client, stack.deployment);
  const balance = await readTokenBalance(client, {
    token: stack.deployment.usdc,
    owner: wallet.address,
  });
  // Any tranche the wallet can still lend its minimum into this epoch.
  const candidates = await trancheLimitsOf(client, stack.deployment, pools, wallet.address);
  const choice = candidates.find(
    (c) =>
      !c.limits.oversubscribed &&
      c.limits.maximum >= c.limits.minimum &&
      balance >= c.limits.minimum,
  );
  expect(choice, "a tranche open to the test wallet").toBeDefined();
  const { pool, tranche, limits } = choice!;

  // Fake timers from the start, at the real time (the server checks signature freshness).
  await page.clock.install();
  await page.goto("/lending");
  await connectTestWallet(page, wallet);
  const card = page.getByTestId("pool-card").filter({ hasText: pool.poolName });
  await clickClearOfToasts(card.getByRole("button", { name: `Lend into ${tranche.name}` }));
  const dialog = page.getByRole("dialog", { name: "Lend" });
  await expect(dialog.getByTestId("lend-amount")).toBeVisible();

  await dialog.getByTestId("lend-amount").fill(String(Number(limits.minimum) / 1e6));
  await expect(dialog.getByTestId("lend-amount-message")).toHaveText(/Wallet balance/);
  await dialog.getByTestId("lend-terms").check();
  await dialog.getByRole("button", { name: "Next" }).click();

  await dialog.getByRole("button", { name: "Generate Loan Contract" }).click();
  const contract = page.getByRole("dialog", { name: "Loan Contract" });
  await expect(contract).toBeVisible();
  await contract.getByRole("button", { name: "Accept" }).click();
  await expect(contract).toHaveCount(0);
  const status = dialog.getByTestId("loan-contract-status");
  await expect(status).toHaveText("Accepted");

  // Just before 5 minutes nothing happens; at 5 minutes the contract expires.
  await page.clock.fastForward("04:50");
  await expect(status).toHaveText("Accepted");
  await page.clock.fastForward("00:11");

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Loan Contract Expired" });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("data-type", "error");
  await expect(toast).toContainText(
    "The Loan Contract you generated has expired. Please try again.",
  );
  // The contract is reset and its acceptance cleared: generate again before approving.
  await expect(status).toHaveText("Not generated");
  await expect(dialog.getByRole("button", { name: "Generate Loan Contract" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "View Loan Contract" })).toHaveCount(0);
  await expect(dialog.getByTestId("approve-then-act")).toHaveCount(0);
  // The toast is over the open dialog and can be reached (the dialog makes the page behind inert,
  // never the toasts): its close button closes it, and the dialog stays.
  expect(await toast.evaluate((el) => el.closest("[inert]") === null)).toBe(true);
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await context.close();
});
