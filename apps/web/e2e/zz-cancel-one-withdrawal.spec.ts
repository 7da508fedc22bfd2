import {
  getUserRequests,
  lendingPoolManagerAbi,
  requestWithdrawal,
  type HistoryPage,
} from "@lending/sdk";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { seriousViolations } from "./support/axe";
import { expect, test, type Stack } from "./support/fixtures";
import {
  connectTestWallet,
  devPanel,
  freshLender,
  lendOnChain,
  pageWithWallet,
  settledByKeeper,
  trancheFor,
} from "./support/journey";

// Issue 23 item 7: two withdrawals of one lender in one epoch are one request on chain (the
// second increases the first), shown as two rows. Cancel on one row cancels only that request:
// the other row stays queued with its amount, on chain and in the history.

const USDC = 1_000_000n;

async function waitForIndexed(
  request: APIRequestContext,
  user: Address,
  predicate: (page: HistoryPage) => boolean,
  message: string,
) {
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/transactions?user=${user.toLowerCase()}&page=1&pageSize=10`,
        );
        return res.ok() && predicate((await res.json()) as HistoryPage);
      },
      { message, timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}

function chainOf(stack: Stack, privateKey: Hex) {
  const account = privateKeyToAccount(privateKey);
  const chain = { ...foundry, id: stack.chainId };
  const client = createPublicClient({ chain, transport: http(stack.rpcUrl) }) as PublicClient;
  const wallet = createWalletClient({ account, chain, transport: http(stack.rpcUrl) });
  const send = async (tx: { to: Address; data: Hex; value: bigint }) => {
    const hash = await wallet.sendTransaction(tx);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  };
  const read = <T>(functionName: string, args: readonly unknown[]) =>
    client.readContract({
      address: stack.deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  return { account, client, send, read };
}

const rowsOf = (page: Page, nftId: bigint) =>
  page.locator(`[data-testid="transaction-row"][data-nft-id="${nftId}"]`);

test("two withdrawals in one epoch: Cancel on one row cancels only that request", async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(240_000);
  const amount = 300n * USDC;
  const lender = await freshLender(stack, { eth: parseEther("1"), usdc: amount });
  const { account, client, send, read } = chainOf(stack, lender.privateKey);
  const { deployment } = stack;
  const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
  await page.goto("/portfolio/my-transactions");

  // a deposit of the current epoch (out of a clearing period), cleared and settled by the keeper
  if (await read<boolean>("isClearingPeriod", [])) await devPanel(page, "Move to the next epoch");
  const target = await trancheFor(stack, lender.address, amount);
  const args = {
    poolId: target.pool.id,
    trancheId: target.tranche.id,
    amount,
    fixedTermConfigId: 0n,
  };
  await lendOnChain(stack, lender.privateKey, target, amount);
  const [deposit] = await getUserRequests(client, deployment, account.address);
  expect(deposit).toMatchObject({ kind: "Deposit", amount, requestStatus: "Requested" });
  await devPanel(page, "Move to the clearing period");
  await settledByKeeper(client, deployment, deposit!.nftId);

  // two withdrawal requests of one epoch: one request on chain
  const shares = await read<bigint>("sharesOf", [args.poolId, args.trancheId, account.address]);
  expect(shares).toBeGreaterThan(0n);
  const first = shares / 4n;
  const second = shares / 2n;
  const withdraw = (s: bigint) =>
    send(
      requestWithdrawal(deployment, { poolId: args.poolId, trancheId: args.trancheId, shares: s }),
    );
  await withdraw(first);
  await withdraw(second);
  const withdrawals = (await getUserRequests(client, deployment, account.address)).filter(
    (r) => r.kind === "Withdrawal",
  );
  expect(withdrawals).toHaveLength(1);
  const wId = withdrawals[0]!.nftId;
  expect(withdrawals[0]).toMatchObject({ amount: first + second, requestStatus: "Requested" });
  await waitForIndexed(
    request,
    lender.address,
    (p) =>
      p.items.some(
        (t) =>
          t.type === "Withdrawal" &&
          t.nftId === String(wId) &&
          t.canCancel &&
          t.events.filter((e) => e.type === "Request" || e.type === "Increase").length === 2,
      ),
    "both withdrawal requests indexed",
  );

  // the history: one row per request as made, each in USDC
  await page.reload();
  const connectPrompt = page.getByTestId("transactions-connect");
  const rows = rowsOf(page, wId);
  await expect(rows.first().or(connectPrompt)).toBeVisible();
  if (await connectPrompt.isVisible()) await connectTestWallet(page);
  await expect(rows).toHaveCount(2);
  const part = (n: number) => page.locator(`[data-nft-id="${wId}"][data-part="${n}"]`);
  const amountOf = async (n: number) =>
    (await part(n).getByTestId("transaction-amount").textContent())!.trim();
  const firstText = await amountOf(1);
  const secondText = await amountOf(2);
  expect(firstText).toMatch(/^\d[\d,]*\.\d{2} USDC when requested$/);
  expect(secondText).toMatch(/^\d[\d,]*\.\d{2} USDC when requested$/);
  await expect(part(1).getByTestId("transaction-status")).toHaveText("Requested");
  await expect(part(2).getByTestId("transaction-status")).toHaveText("Requested");

  // Cancel on the second row: the modal names that request's amount
  await page
    .getByRole("button", { name: `Cancel part 2 of withdrawal request NFT #${wId}` })
    .click();
  const modal = page.getByRole("dialog", { name: "Cancel withdrawal" });
  await expect(modal).toBeVisible();
  const named = secondText.replace(" when requested", "");
  await expect(modal.getByTestId("cancel-request-part")).toContainText(`(${named})`);
  await expect(modal.getByTestId("transaction-amount")).toHaveText(secondText);
  await expect(modal.getByTestId("cancel-request-merged")).toHaveCount(0);
  await expect(modal.getByTestId("cancel-request-confirm")).toBeEnabled({ timeout: 10_000 });
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByTestId("cancel-request-confirm").click();
  await expect(modal).toHaveCount(0, { timeout: 20_000 });

  // only that request is cancelled: the other row stays queued with its amount
  await expect(part(2).getByTestId("transaction-status")).toHaveText("Cancelled", {
    timeout: 20_000,
  });
  await expect(part(2).getByTestId("transaction-cancel")).toHaveCount(0);
  await expect(part(1).getByTestId("transaction-status")).toHaveText("Requested");
  await expect(part(1).getByTestId("transaction-amount")).toHaveText(firstText);
  await expect(part(1).getByTestId("transaction-cancel")).toBeVisible();
  // on chain: the first request's shares stay queued, the second's are back
  const status = await read<{ amount: bigint; status: number }>("requestStatus", [wId]);
  expect(status.amount).toBe(first);
  expect(status.status).toBe(1); // Pending
  expect(await read<bigint>("sharesOf", [args.poolId, args.trancheId, account.address])).toBe(
    shares - first,
  );

  // a phone: no horizontal scrolling
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(part(1)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
