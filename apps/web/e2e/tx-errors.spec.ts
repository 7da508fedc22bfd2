import { getUserRequests, readAllowance, readTokenBalance } from "@lending/sdk";
import type { Page } from "@playwright/test";
import { createPublicClient, http, maxUint256, parseEther, type Address } from "viem";
import { expect, test, type Stack } from "./support/fixtures";
import { toasts } from "./support/toast";
import { acceptLoanContract, verifiedLenderPage } from "./support/journey";

// Spec section 8, "Transaction handler": a rejection in the wallet and a wallet without ETH for
// gas each show their toast; neither is logged to the server, nothing changes on chain.

async function onChain(stack: Stack, user: Address) {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const [nonce, usdc, allowance, requests] = await Promise.all([
    client.getTransactionCount({ address: user }),
    readTokenBalance(client, { token: stack.deployment.usdc, owner: user }),
    readAllowance(client, {
      token: stack.deployment.usdc,
      owner: user,
      spender: stack.deployment.lendingPoolManager,
    }),
    getUserRequests(client, stack.deployment, user),
  ]);
  return { nonce, usdc, allowance, requests: requests.length };
}

/** POSTs to /api/logging made by the page. */
function loggedErrors(page: Page) {
  const logged: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/logging") {
      logged.push(r.postData() ?? "");
    }
  });
  return logged;
}

test("rejecting the approval or the deposit in the wallet shows 'Rejected' and changes nothing on chain", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(60_000);
  const amount = 456_000_000n;
  const { lender, target, context, page, wallet } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: parseEther("1"), usdc: amount },
    { fullName: "Dorothy Vaughan" },
  );
  const logged = loggedErrors(page);
  const before = await onChain(stack, lender.address);
  expect(before).toEqual({ nonce: 0, usdc: amount, allowance: 0n, requests: 0 });

  const { dialog, action } = await acceptLoanContract(page, target, amount);
  wallet.rejectTransactions(true);
  await expect(action).toHaveText("Approve");
  await action.click();
  const rejected = toasts(page, "error", "Rejected");
  await expect(rejected).toHaveCount(1);
  await expect(rejected.locator("[data-description]")).toHaveCount(0);
  await expect(action).toHaveText("Approve");
  expect(await onChain(stack, lender.address)).toEqual(before);
  // An error toast closes by itself after a few seconds: on a slow machine it may be gone already.
  await rejected
    .getByRole("button", { name: "Close toast" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(rejected).toHaveCount(0);

  // Approved this time; the deposit is rejected.
  wallet.rejectTransactions(false);
  await action.click();
  await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  wallet.rejectTransactions(true);
  await action.click();
  await expect(rejected).toHaveCount(1);
  await expect(action).toHaveText("Confirm");
  await expect(dialog.getByTestId("lend-done")).toHaveCount(0);
  // Only the (unlimited) approval went through.
  expect(await onChain(stack, lender.address)).toEqual({
    ...before,
    nonce: 1,
    allowance: maxUint256,
  });
  expect(logged).toEqual([]);
  await context.close();
});

test("a wallet without ETH for gas gets 'insufficient balance' and nothing changes on chain", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(60_000);
  const amount = 567_000_000n;
  const { lender, target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: 0n, usdc: amount },
    { fullName: "Annie Easley" },
  );
  const logged = loggedErrors(page);
  const before = await onChain(stack, lender.address);
  expect(before).toEqual({ nonce: 0, usdc: amount, allowance: 0n, requests: 0 });

  const { action } = await acceptLoanContract(page, target, amount);
  await expect(action).toHaveText("Approve");
  await action.click();
  const toast = toasts(page, "error", "insufficient balance");
  await expect(toast).toHaveCount(1);
  await expect(toast.locator("[data-description]")).toHaveCount(0);
  await expect(action).toHaveText("Approve");
  expect(await onChain(stack, lender.address)).toEqual(before);
  expect(logged).toEqual([]);
  await context.close();
});
