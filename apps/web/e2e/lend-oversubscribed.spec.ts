import { getCurrentEpochDepositedAmount } from "@lending/sdk";
import { createPublicClient, http, parseEther } from "viem";
import { expect, test } from "./support/fixtures";
import { acceptLoanContract, clickClearOfToasts, verifiedLenderPage } from "./support/journey";

const TOOLTIP = "This tranche is temporarily oversubscribed. Please check again next epoch.";
const OWN_LIMIT =
  "You have reached your maximum deposit in this tranche for this epoch. You can lend into it again next epoch.";

// Spec section 5, "Tranche min/max": the maximum is per lender and epoch. A lender who used up a
// tranche's maximum this epoch sees it Oversubscribed (disabled), not a Lend button leading to
// "above the maximum of 0.00 USDC", and the text beside it says why: this lender's own limit for
// the epoch, not the tranche (others can still lend), so not the spec's "temporarily
// oversubscribed" tooltip.
test("a lender who used up a tranche's epoch maximum sees it Oversubscribed", async ({
  browser,
  stack,
  request,
}) => {
  test.setTimeout(90_000);
  const { lender, target, context, page } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: parseEther("1"), usdc: 100_000_000_000n },
    { fullName: "Grace Hopper" },
  );
  const { pool, tranche, limits } = target;
  // the whole room of this tranche this epoch (a fresh lender: the tranche maximum)
  const amount = limits.maximum;
  expect(amount).toBeLessThanOrEqual(100_000_000_000n);

  const { dialog, action } = await acceptLoanContract(page, target, amount);
  await action.click(); // Approve
  await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  await action.click();
  await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 20_000 });
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  expect(
    await getCurrentEpochDepositedAmount(client, stack.deployment, {
      poolId: pool.id,
      trancheId: tranche.id,
      user: lender.address,
    }),
  ).toBe(tranche.maximumDeposit);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toHaveCount(0);

  // The pool card: this tranche is Oversubscribed for this lender, the others keep Lend.
  const card = page.getByTestId("pool-card").filter({ hasText: pool.poolName });
  const row = card.getByTestId("tranche-row").filter({ hasText: tranche.name });
  const full = row.getByRole("button", { name: "Oversubscribed" });
  await expect(full).toBeDisabled();
  await expect(full).toHaveAccessibleDescription(OWN_LIMIT);
  await expect(row.getByTestId("tranche-full-reason")).toBeVisible();
  await expect(row.getByTestId("tranche-full-reason")).not.toHaveText(TOOLTIP);
  await expect(row.getByTestId("lend-button")).toHaveCount(0);

  // after a reload too (read from the chain, not the lend flow's state)
  await page.reload();
  await expect(row.getByRole("button", { name: "Oversubscribed" })).toBeDisabled();

  // In the lend modal of another tranche of the pool, this one cannot be chosen.
  const other = pool.tranches.find((t) => t.id !== tranche.id && t.maximumDeposit > 0n);
  if (other) {
    await clickClearOfToasts(card.getByRole("button", { name: `Lend into ${other.name}` }));
    const lend = page.getByRole("dialog", { name: "Lend" });
    await expect(lend.getByTestId("lend-amount")).toBeVisible();
    const option = lend.getByTestId("lend-tranche").locator(`option[value="${tranche.id}"]`);
    await expect(option).toBeDisabled();
    await expect(option).toHaveText(`${tranche.name} (Oversubscribed)`);
  }
  await context.close();
});
