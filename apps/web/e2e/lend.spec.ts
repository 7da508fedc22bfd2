import {
  buildLoanContractAcceptanceMessage,
  formatUsdc,
  getUserRequests,
  lendingPoolManagerAbi,
  readPools,
  readTokenBalance,
} from "@lending/sdk";
import type { Page } from "@playwright/test";
import { createPublicClient, http, parseEventLogs, verifyMessage, type Hex } from "viem";
import { seriousViolations } from "./support/axe";
import { expect, test, type Stack } from "./support/fixtures";
import {
  acceptLoanContract,
  clickClearOfToasts,
  connectTestWallet,
  ensureKyc,
  freshLender,
  pageWithWallet,
  trancheFor,
  trancheLimitsOf,
} from "./support/journey";
import { TEST_WALLET_PRIVATE_KEY } from "./support/test-wallet";

// Each test stands alone (no serial mode): the journey passes the KYC in the UI with a fresh
// lender of its own, so Playwright's retry of any one test starts from the same state; the later
// tests use the default test wallet and make sure of its KYC through the API.

async function chainState(stack: Stack, user: `0x${string}`) {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pools = await readPools(client, stack.deployment);
  const balance = await readTokenBalance(client, { token: stack.deployment.usdc, owner: user });
  return { pools, balance };
}

async function openLendModal(page: Page, poolName: string, trancheName: string) {
  const card = page.getByTestId("pool-card").filter({ hasText: poolName });
  await clickClearOfToasts(card.getByRole("button", { name: `Lend into ${trancheName}` }));
  const dialog = page.getByRole("dialog", { name: "Lend" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("lend-amount")).toBeVisible();
  return dialog;
}

test("lends 1,000 USDC: local KYC, loan contract, approve, confirm, pending request on chain", async ({
  browser,
  stack,
}) => {
  test.setTimeout(90_000);
  // a lender of its own, with no KYC yet: the journey (and its retry) starts from that state
  const lender = await freshLender(stack, { eth: 10n ** 18n, usdc: 1_100_000_000n });
  const { context, page, wallet } = await pageWithWallet(browser, stack, lender.privateKey);
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pools = await readPools(client, stack.deployment);
  const pool = pools.find((p) => p.tranches.some((t) => t.maximumDeposit >= 1_000_000_000n))!;
  const tranche = pool.tranches.find((t) => t.maximumDeposit >= 1_000_000_000n)!;
  const before = await getUserRequests(client, stack.deployment, wallet.address);

  await page.goto("/lending");
  await connectTestWallet(page, wallet);
  const card = page.getByTestId("pool-card").filter({ hasText: pool.poolName });
  await clickClearOfToasts(card.getByRole("button", { name: `Lend into ${tranche.name}` }));

  // KYC is not completed yet: the KYC modal opens first.
  const kyc = page.getByRole("dialog", { name: "Identity Verification" });
  await expect(kyc).toBeVisible();
  await expect(kyc.getByRole("radio", { name: "An individual" })).toBeChecked();
  const popupPromise = page.waitForEvent("popup");
  await kyc.getByRole("button", { name: "Authorise KYC Process" }).click();
  const popup = await popupPromise;
  // The widget's form works once hydrated (before that a click submits it natively).
  await popup.waitForLoadState("networkidle");
  await popup.getByLabel("Full name").fill("Ada Lovelace");
  await popup.getByLabel("Email (optional)").fill("ada@example.com");
  await popup.getByRole("button", { name: "Submit for verification" }).click();
  // verified; the typed email is not the lender's until its mailed code is confirmed
  await expect(popup.getByRole("status")).toContainText("No Email");
  await expect(popup.getByTestId("kyc-pending-email")).toContainText(
    "We sent a 6-digit code to ada@example.com",
  );
  await popup.close();

  // The success toast counts down; closing it early continues to the lend modal.
  const success = page.locator("[data-sonner-toast]").filter({ hasText: "Identity verified" });
  const dialog = page.getByRole("dialog", { name: "Lend" });
  await expect(success.or(dialog).first()).toBeVisible();
  if (!(await dialog.isVisible())) {
    await expect(success).toContainText(/Continuing in \d+ seconds?\./);
    await success
      .getByRole("button", { name: "Close toast" })
      .click({ timeout: 5_000 })
      .catch(() => undefined); // the countdown ended first on a slow machine: the modal opened
  }
  await expect(dialog).toBeVisible();

  // Step 1
  await dialog.getByTestId("lend-amount").fill("1000");
  await expect(dialog.getByTestId("lend-amount-message")).toHaveText(/Wallet balance/);
  await dialog.getByTestId("lend-terms").check();
  await dialog.getByRole("button", { name: "Next" }).click();

  // Step 2: generate, read and accept the loan contract.
  const generated = page.waitForResponse(
    (r) => r.url().includes("/api/lender-agreements") && r.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Generate Loan Contract" }).click();
  const contractId = ((await (await generated).json()) as { id: number }).id;
  const contract = page.getByRole("dialog", { name: "Loan Contract" });
  await expect(contract).toBeVisible();
  await expect(contract).toContainText("Important");
  await expect(contract.getByRole("heading", { level: 3 })).toHaveCount(4);
  await expect(contract).toContainText("Ada Lovelace");
  await expect(contract).toContainText(/Signing date: \d{2}\.\d{2}\.\d{4}/);
  await contract.getByRole("button", { name: "Accept" }).click();
  await expect(contract).toHaveCount(0);
  await expect(dialog.getByTestId("loan-contract-status")).toHaveText("Accepted");
  // step 2 passes axe too (step 1 has its own test below, step 3 after the deposit)
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // Approve, then Confirm.
  const action = dialog.getByTestId("approve-then-act");
  await expect(action).toHaveText("Approve");
  await action.click();
  await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  await action.click();
  const done = dialog.getByTestId("lend-done");
  await expect(done).toBeVisible({ timeout: 20_000 });
  // The local chain has no block explorer: the hash itself is shown.
  await expect(done.getByTestId("lend-tx-hash")).toHaveText(/^0x[0-9a-f]{64}$/);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // The deposit carries the wallet's signed acceptance of that contract on chain.
  const hash = (await done.getByTestId("lend-tx-hash").textContent()) as Hex;
  const receipt = await client.getTransactionReceipt({ hash });
  const [accepted] = parseEventLogs({
    abi: lendingPoolManagerAbi,
    eventName: "LoanContractAccepted",
    logs: receipt.logs,
  });
  expect(accepted?.args.user).toBe(wallet.address);
  expect(
    await verifyMessage({
      address: wallet.address,
      message: buildLoanContractAcceptanceMessage({
        address: wallet.address,
        id: contractId,
        timestamp: Number(accepted!.args.timestamp),
        chainId: stack.chainId,
      }),
      signature: accepted!.args.signature,
    }),
  ).toBe(true);

  const after = await getUserRequests(client, stack.deployment, wallet.address);
  const created = after.filter((r) => !before.some((b) => b.nftId === r.nftId));
  const grown = after.filter((r) =>
    before.some((b) => b.nftId === r.nftId && b.amount !== r.amount),
  );
  const request = [...created, ...grown].find(
    (r) => r.kind === "Deposit" && r.poolId === pool.id && r.trancheId === tranche.id,
  );
  expect(request).toBeDefined();
  expect(request!.requestStatus).toBe("Requested");
  expect(request!.fixedTermConfigId).toBe(0n);
  expect(request!.amount - (before.find((b) => b.nftId === request!.nftId)?.amount ?? 0n)).toBe(
    1_000_000_000n,
  );

  // Lending again from the same wallet: the unlimited approval of this lend stands, so the
  // modal's button asks for no second approval (Confirm at once).
  await done.getByRole("button", { name: "Close" }).click();
  const again = await acceptLoanContract(
    page,
    await trancheFor(stack, wallet.address, 100_000_000n),
    100_000_000n,
    { connected: true },
  );
  await expect(again.action).toHaveText("Confirm");
  await context.close();
});

test("/lending has no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/lending");
  await expect(page.getByTestId("pool-card").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("step 1 of the lend modal validates the amount in the spec's order", async ({
  page,
  stack,
  wallet,
  request,
  consoleErrors,
}) => {
  await ensureKyc(request, TEST_WALLET_PRIVATE_KEY);
  const { pools, balance } = await chainState(stack, wallet.address);
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  // A tranche whose maximum for this user this epoch is above the wallet balance, so every
  // message can be reached.
  const candidates = await trancheLimitsOf(client, stack.deployment, pools, wallet.address);
  const { pool, tranche, limits } = candidates.find((c) => c.limits.maximum > balance)!;

  await page.goto("/lending");
  await connectTestWallet(page, wallet);
  const dialog = await openLendModal(page, pool.poolName, tranche.name);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  const amount = dialog.getByTestId("lend-amount");
  const message = dialog.getByTestId("lend-amount-message");
  const next = dialog.getByRole("button", { name: "Next" });
  const slider = dialog.getByTestId("simulator-slider");
  await expect(next).toBeDisabled();

  // The simulator is disabled without an amount; clicking it asks for one.
  await expect(slider).toBeDisabled();
  await dialog.getByTestId("simulator-slider-area").click();
  await expect(message).toHaveText("Amount is required");

  // Only digits with one decimal point and at most 6 decimals are accepted.
  await amount.fill("");
  await amount.pressSequentially("12.3456789a");
  await expect(amount).toHaveValue("12.345678");

  const expectMessage = async (text: string, expected: string) => {
    await amount.fill(text);
    await expect(message).toHaveText(expected);
  };
  await expectMessage("0", "Amount is required");
  await expectMessage(
    (Number(limits.minimum) / 1e6 / 2).toString(),
    `The value entered is below the minimum of ${formatUsdc(limits.minimum)} USDC`,
  );
  await expectMessage(
    (Number(limits.maximum) / 1e6 + 1).toString(),
    `The value entered is above the maximum of ${formatUsdc(limits.maximum)} USDC`,
  );
  await expectMessage((Number(balance) / 1e6 + 1).toString(), "Insufficient balance");

  // Max is the lower of the tranche maximum and the balance.
  await dialog.getByRole("button", { name: "Max" }).click();
  await expect(amount).toHaveValue(String(Number(balance) / 1e6));
  await expect(message).toHaveText(`Wallet balance: ${formatUsdc(balance)} USDC`);
  await expect(next).toBeDisabled();

  // The simulator works once there is an amount.
  await expect(slider).toBeEnabled();
  await expect(dialog.getByTestId("simulator-total")).not.toHaveText("0.00 USDC");

  await dialog.getByTestId("lend-terms").check();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(dialog.getByTestId("lend-review")).toBeVisible();
  await dialog.getByRole("button", { name: "Adjust" }).click();
  await expect(amount).toHaveValue(String(Number(balance) / 1e6));
  expect(consoleErrors).toEqual([]);
});

test("oversubscribed tranches cannot be chosen; fixed APYs follow the allowlist", async ({
  page,
  stack,
  wallet,
  request,
}) => {
  await ensureKyc(request, TEST_WALLET_PRIVATE_KEY);
  const { pools } = await chainState(stack, wallet.address);
  const pool = pools.find((p) => p.tranches.some((t) => t.fixedTermConfig.length > 0))!;
  await page.goto("/lending");
  await connectTestWallet(page, wallet);
  for (const tranche of pool.tranches) {
    const card = page.getByTestId("pool-card").filter({ hasText: pool.poolName });
    const row = card.getByTestId("tranche-row").filter({ hasText: tranche.name });
    if (tranche.maximumDeposit === 0n) {
      await expect(row.getByRole("button", { name: "Oversubscribed" })).toBeDisabled();
      continue;
    }
    const dialog = await openLendModal(page, pool.poolName, tranche.name);
    const radios = dialog.getByRole("radio");
    // Variable plus every config open to everyone or allowlisting the test wallet (dev account 1).
    const visible = tranche.fixedTermConfig.filter((c) => c.fixedTermDepositStatus !== "Disabled");
    await expect(radios).toHaveCount(1 + visible.length);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
  }
});
