import {
  formatDate,
  getUserLocks,
  getUserRequests,
  ksuLockingAbi,
  readPools,
  readTokenBalance,
} from "@lending/sdk";
import {
  createPublicClient,
  createTestClient,
  erc20Abi,
  http,
  type Address,
  type PublicClient,
} from "viem";
import { seriousViolations } from "./support/axe";
import { fitsThePhone } from "./support/layout";
import { expect, test, type Stack } from "./support/fixtures";
import {
  connectTestWallet,
  devPanel,
  lendOnChain,
  publishKsuPrice,
  settledByKeeper,
  trancheLimitsOf,
  verifiedLenderPage,
} from "./support/journey";

// KSU locking on the full local stack (issue 13), as a new user after `npm start`: lend, lock
// 1,000 KSU for 180 days (approve, confirm), the overview's rKSU and level (the chain's), a new
// deposit bucketed at that level, bonus and fee share after clearings, claimed on the rewards
// page, and the unlock once the period is over. Every lock and unlock validation message.

const USDC = 1_000_000n;
const KSU = 10n ** 18n;

const levelOnChain = (client: PublicClient, stack: Stack, user: Address) =>
  client.readContract({
    address: stack.deployment.ksuLocking,
    abi: ksuLockingAbi,
    functionName: "loyaltyLevel",
    args: [user],
  });

test("a visitor sees the locking programme and a connect prompt", async ({ page }) => {
  await page.goto("/locking");
  const visitor = page.getByTestId("locking-visitor");
  await expect(visitor).toContainText("Lock KSU for 30, 180, 360 or 720 days");
  await expect(visitor.getByRole("button", { name: "Connect Wallet" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fitsThePhone(page);
});

test("lock 1,000 KSU for 180 days: rKSU, level on chain, bonus and fee share claimed, unlock", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(420_000);
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
  const { lender, target, context, page, wallet } = await verifiedLenderPage(
    browser,
    request,
    stack,
    { eth: 10n ** 19n, usdc: 1_200n * USDC, ksu: 2_000n * KSU },
    { fullName: "Annie Easley" },
  );
  const user = lender.address;
  const ksuOf = () => readTokenBalance(client, { token: stack.deployment.ksu, owner: user });
  const usdcOf = () => readTokenBalance(client, { token: stack.deployment.usdc, owner: user });

  // 1,000 USDC lent on the chain (pending deposits count toward the level; the lend modal has its
  // own journeys)
  await lendOnChain(stack, lender.privateKey, target, 1_000n * USDC);

  await page.goto("/locking");
  await connectTestWallet(page, wallet);
  await expect(page.getByTestId("locking-total")).toHaveText("0.00 KSU");
  await expect(page.getByTestId("locking-level")).toContainText("Level 0");
  await expect(page.getByTestId("locking-staked")).toHaveText("0.00% staked");
  await expect(page.getByTestId("locking-locks-empty")).toHaveText("You have no KSU locked yet.");
  // Unlock is disabled, and the page says why (visible text that describes the button)
  const unlockButton = page
    .getByTestId("locking-actions")
    .getByRole("button", { name: "Unlock", exact: true });
  await expect(unlockButton).toBeDisabled();
  await expect(unlockButton).toHaveAccessibleDescription(
    "Unlock: you have no locked KSU to unlock.",
  );
  await expect(page.getByTestId("unlock-disabled-reason")).toBeVisible();
  // the KSU to reach level 1 at 0.50 USDC: 1% of 1,000 USDC = 10 USDC = 20 rKSU = 20 KSU at 1.00x
  await expect(page.getByTestId("locking-next-level-text")).toHaveText(
    "Lock 20.00 KSU for 720 days to reach level 1 at today's price of 0.50 USDC per KSU.",
  );
  await page.getByTestId("locking-next-level-period").selectOption({ label: "180 days" });
  await expect(page.getByTestId("locking-next-level-text")).toContainText("Lock 80.00 KSU");
  // issue 23: the loyalty levels modal says the same, on the same basis (720 days: 20 and 100 KSU)
  await page.getByRole("button", { name: "Loyalty levels" }).click();
  const levelsNow = page.getByRole("dialog", { name: "Loyalty levels" });
  await expect(levelsNow.getByTestId("loyalty-minimums").locator("tbody tr")).toHaveText([
    "Level 120.00 KSU",
    "Level 2100.00 KSU",
  ]);
  await expect(levelsNow.getByTestId("loyalty-minimums-basis")).toContainText(
    "For you now: locking for 720 days, at today's price of 0.50 USDC per KSU, against your 1,000.00 USDC",
  );
  await levelsNow.getByRole("button", { name: "Close" }).last().click();
  await expect(levelsNow).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await fitsThePhone(page);

  // the lock modal: every validation message, then approve and confirm
  await page.getByRole("button", { name: "Lock", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Lock KSU" });
  const amount = modal.getByTestId("lock-amount");
  const message = modal.getByTestId("lock-amount-message");
  const review = modal.getByRole("button", { name: "Review" });
  await expect(message).toHaveText("Wallet balance: 2,000.00 KSU");
  await expect(review).toBeDisabled();
  await amount.focus();
  await amount.blur();
  await expect(message).toHaveText("Amount is required");
  await amount.fill("0");
  await amount.blur();
  await expect(message).toHaveText("Amount is required");
  await expect(review).toBeDisabled();
  await amount.fill("2000.5");
  await amount.blur();
  await expect(message).toHaveText("Insufficient balance");
  await expect(review).toBeDisabled();
  await modal.getByTestId("lock-max").click();
  await expect(amount).toHaveValue("2000");
  await amount.fill("1000");
  // focused: Review waits for the field to be left
  await expect(review).toBeDisabled();
  await amount.blur();
  await modal.getByText("180 days · rKSU 0.25x · launch bonus 0.10x").click();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await fitsThePhone(page);
  await review.click();
  await expect(modal.getByRole("heading", { name: "Review" })).toBeVisible();
  await expect(modal.getByTestId("lock-review-amount")).toHaveText("1,000.00 KSU");
  await expect(modal.getByTestId("lock-review-rksu")).toHaveText("250.00");
  await expect(modal.getByTestId("lock-review-bonus")).toHaveText("100.00 KSU");
  const act = modal.getByTestId("approve-then-act");
  await expect(act).toHaveText("Approve");
  await act.click();
  await expect(act).toHaveText("Confirm", { timeout: 20_000 });
  // the approval is the amount, not unlimited
  expect(
    await client.readContract({
      address: stack.deployment.ksu,
      abi: erc20Abi,
      functionName: "allowance",
      args: [user, stack.deployment.ksuLocking],
    }),
  ).toBe(1_000n * KSU);
  const ksuBeforeLock = await ksuOf();
  await act.click();
  await expect(modal.getByTestId("lock-done")).toContainText("Your KSU is locked.", {
    timeout: 20_000,
  });
  await expect(modal.getByRole("link", { name: "Go to the locking overview" })).toBeVisible();
  // the launch bonus (100 KSU) is paid at once: 900 KSU left the wallet
  expect(ksuBeforeLock - (await ksuOf())).toBe(900n * KSU);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByTestId("lock-done").getByRole("button", { name: "Close" }).click();

  // the overview: 250 rKSU worth 125 USDC on 1,000 USDC of deposits is 12.5%: level 2, as on chain
  await expect(page.getByTestId("locking-rksu")).toHaveText("250.00");
  await expect(page.getByTestId("locking-total")).toHaveText("1,000.00 KSU");
  await expect(page.getByTestId("locking-level")).toContainText("Level 2");
  await expect(page.getByTestId("locking-staked")).toHaveText("12.50% staked");
  expect(await levelOnChain(client, stack, user)).toBe(2);
  await expect(page.getByTestId("locking-next-level-text")).toHaveText(
    "You are at the highest loyalty level.",
  );
  await expect(page.getByTestId("locking-lock")).toHaveCount(1);
  await expect(page.getByTestId("locking-lock")).toContainText("180 days");
  // locked for 180 days: Unlock says when the first lock ends
  const [firstLock] = await getUserLocks(client, stack.deployment, user);
  await expect(unlockButton).toBeDisabled();
  await expect(page.getByTestId("unlock-disabled-reason")).toHaveText(
    `Unlock: no lock has ended yet. The first one ends on ${formatDate(new Date(firstLock!.unlockTime * 1000))}.`,
  );
  await expect(page.getByTestId("locking-launch-bonus")).toContainText("100.00 KSU");

  // issue 23: Bonus and rewards shows the same level right after the lock (the deposit is not
  // accepted yet: the bonus starts then), never "reach level 1"
  await page.goto("/portfolio/bonus-and-rewards");
  await expect(page.getByTestId("rewards-bonus-per-epoch")).toContainText(
    "You are at level 2. The bonus is paid on accepted deposits",
  );
  await page.goto("/locking");
  await expect(page.getByTestId("locking-level")).toContainText("Level 2");

  // the loyalty levels modal: multipliers from the chain, the lender's own minimums, level
  await page.getByRole("button", { name: "Loyalty levels" }).click();
  const levels = page.getByRole("dialog", { name: "Loyalty levels" });
  await expect(levels.getByTestId("loyalty-levels-yours")).toHaveText("Your level: Level 2");
  await expect(levels.getByTestId("loyalty-multipliers").locator("tbody tr")).toHaveText([
    "30 days0.05",
    "180 days0.25",
    "360 days0.50",
    "720 days1.00",
  ]);
  await expect(levels.getByTestId("loyalty-minimums").locator("tbody tr")).toHaveText([
    "Level 1Reached",
    "Level 2Reached",
  ]);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await fitsThePhone(page);
  await levels.getByRole("link", { name: "Go to the locking overview" }).click();
  await expect(levels).toHaveCount(0);

  // a deposit request made now (a new request: another tranche) is bucketed at level 2 on chain
  const pools = await readPools(client, stack.deployment);
  const other = (await trancheLimitsOf(client, stack.deployment, pools, user)).find(
    (c) =>
      !(c.pool.id === target.pool.id && c.tranche.id === target.tranche.id) &&
      !c.limits.oversubscribed &&
      c.limits.minimum <= 100n * USDC &&
      100n * USDC <= c.limits.maximum,
  );
  expect(other, "another open tranche").toBeDefined();
  await lendOnChain(stack, lender.privateKey, other!, 100n * USDC);
  const requests = await getUserRequests(client, stack.deployment, user);
  const newest = requests.find(
    (r) => r.trancheId === other!.tranche.id && r.poolId === other!.pool.id,
  );
  expect(newest!.level).toBe(2);

  // two clearings: the deposits are accepted, then an epoch of interest pays fees and a bonus
  await page.goto("/locking");
  await devPanel(page, "Move to the clearing period");
  for (const r of await getUserRequests(client, stack.deployment, user)) {
    await settledByKeeper(client, stack.deployment, r.nftId);
  }
  // the keeper checkpoints the lender's bonus on its accepted deposits: it accrues from there
  await expect
    .poll(
      async () =>
        (
          await client.readContract({
            address: stack.deployment.ksuLocking,
            abi: ksuLockingAbi,
            functionName: "bonusCheckpoint",
            args: [user],
          })
        )[2],
      { timeout: 30_000, intervals: [250], message: "the keeper checkpoints the bonus base" },
    )
    .toBeGreaterThan(0n);
  await devPanel(page, "Move to the next epoch");
  await devPanel(page, "Move to the clearing period");
  await page.goto("/portfolio/bonus-and-rewards");
  const bonus = page.getByTestId("rewards-bonus-claimable");
  const fees = page.getByTestId("rewards-fees-claimable");
  // the keeper clears within seconds (later when other pools wait too): read the page again
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await fees.textContent({ timeout: 10_000 })) ?? "";
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .not.toMatch(/^0\.00 USDC$/);
  await expect(bonus).not.toHaveText("0.00 KSU");
  await expect(page.getByTestId("rewards-bonus-per-epoch")).toContainText("At level 2");
  expect(await seriousViolations(page)).toEqual([]);
  await fitsThePhone(page);

  const ksuBefore = await ksuOf();
  await page.getByTestId("rewards-claim-bonus").click();
  await expect(bonus).toHaveText("0.00 KSU", { timeout: 20_000 });
  expect(await ksuOf()).toBeGreaterThan(ksuBefore);
  const usdcBefore = await usdcOf();
  await page.getByTestId("rewards-claim-fees").click();
  await expect(fees).toHaveText("0.00 USDC", { timeout: 20_000 });
  expect(await usdcOf()).toBeGreaterThan(usdcBefore);
  // the history from the indexer: both claims and the launch bonus
  await expect
    .poll(async () => page.getByTestId("reward-row").allTextContents(), {
      timeout: 30_000,
      intervals: [250],
    })
    .toEqual([
      expect.stringContaining("Fee share"),
      expect.stringContaining("Bonus interest"),
      expect.stringContaining("Launch bonus"),
    ]);

  // unlock after the period (181 days later; the price published again, as an oracle would)
  await createTestClient({ mode: "anvil", transport: http(stack.rpcUrl) }).increaseTime({
    seconds: 181 * 86_400,
  });
  await createTestClient({ mode: "anvil", transport: http(stack.rpcUrl) }).mine({ blocks: 1 });
  await publishKsuPrice(stack, 500_000n); // 0.5 USDC
  await page.goto("/locking");
  const row = page.getByTestId("locking-lock");
  await row.getByRole("button", { name: "Unlock lock 1" }).click();
  const unlock = page.getByRole("dialog", { name: "Unlock KSU" });
  const uAmount = unlock.getByTestId("unlock-amount");
  const uMessage = unlock.getByTestId("unlock-amount-message");
  await expect(uMessage).toHaveText("Locked in this lock: 1,000.00 KSU");
  await uAmount.focus();
  await uAmount.blur();
  await expect(uMessage).toHaveText("Amount is required");
  await uAmount.fill("1000.01");
  await uAmount.blur();
  await expect(uMessage).toHaveText("Insufficient balance");
  await unlock.getByTestId("unlock-max").click();
  await expect(uAmount).toHaveValue("1000");
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await fitsThePhone(page);
  await unlock.getByRole("button", { name: "Review" }).click();
  await expect(unlock.getByTestId("unlock-review-amount")).toHaveText("1,000.00 KSU");
  const before = await ksuOf();
  await unlock.getByRole("button", { name: "Confirm" }).click();
  await expect(unlock.getByTestId("unlock-done")).toContainText("Your KSU is unlocked.", {
    timeout: 20_000,
  });
  expect((await ksuOf()) - before).toBe(1_000n * KSU);
  await unlock.getByTestId("unlock-done").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("locking-locks-empty")).toBeVisible();
  await context.close();
});
