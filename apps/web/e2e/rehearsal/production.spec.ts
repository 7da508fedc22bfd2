import { readFileSync } from "node:fs";
import { getUserRequests, lendingPoolManagerAbi, readPools, readTokenBalance } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  type Hex,
  type PublicClient,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  keeperRoles,
  rehearsalAccounts,
  REHEARSAL_CHAIN_ID,
} from "../../../../scripts/src/lib/rehearsal";
import { expect, test, type Stack } from "../support/fixtures";
import { connectTestWallet, pageWithWallet, runOps } from "../support/journey";

// The production rehearsal's journey (issue 25, item 5), through the round-robin proxy in front
// of two web replicas on chain 84532: a new lender passes KYC (reviewed by an operator), lends,
// the keeper clears as time passes (raw RPC only), the portfolio shows the position; then one web
// replica and the keeper are killed, and the lender still withdraws, gets the USDC back from the
// restarted keeper and finds both requests in the history.

const USDC = 1_000_000n;

/** One JSON-RPC call to the chain, as any client sends it (no demo code moves the clock). */
async function rpc(stack: Stack, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(stack.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const json = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

/** Moves the chain's clock to the manager's next clearing period or epoch: evm_increaseTime + evm_mine. */
async function passTimeTo(
  stack: Stack,
  client: PublicClient,
  to: "nextClearingPeriodStart" | "nextEpochStart",
) {
  const target = await client.readContract({
    address: stack.deployment.lendingPoolManager,
    abi: lendingPoolManagerAbi,
    functionName: to,
  });
  const latest = await client.getBlock({ blockTag: "latest" });
  await rpc(stack, "evm_increaseTime", [Number(target - latest.timestamp)]);
  await rpc(stack, "evm_mine", []);
}

/** Waits until the keeper has settled request `nftId` (its NFT is burnt at settlement). */
async function settledByKeeper(stack: Stack, client: PublicClient, nftId: bigint) {
  await expect
    .poll(
      () =>
        client.readContract({
          address: stack.deployment.lendingPoolManager,
          abi: lendingPoolManagerAbi,
          functionName: "requestOwner",
          args: [nftId],
        }),
      { timeout: 90_000, message: `the keeper settles request ${nftId}` },
    )
    .toBe(zeroAddress);
}

/** Kills a process group outright, as a crash or an OOM kill would. */
function kill(pid: number) {
  process.kill(-pid, "SIGKILL");
}

test("a lender's round trip on the production rehearsal, through a replica and a keeper kill", async ({
  browser,
  request,
  stack,
}) => {
  // a slow, shared machine runs seven processes besides the browser here
  test.setTimeout(480_000);
  expect(stack.chainId).toBe(REHEARSAL_CHAIN_ID);
  const client = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;

  // the keeper holds the two roles it needs, nothing more
  expect(await keeperRoles(stack.rpcUrl, stack.deployment)).toEqual({
    keeper: true,
    priceSetter: true,
    managerAdmin: false,
    poolManager: false,
    lockingAdmin: false,
  });

  // nothing of the local demo exists
  expect((await request.get("/dev/outbox")).status()).toBe(404);
  expect((await request.post("/api/dev/clearing", { data: {} })).status()).toBe(404);

  // a new lender: ETH and USDC sent by the token's holder (no mint through the app)
  const privateKey: Hex = generatePrivateKey();
  const user = privateKeyToAccount(privateKey).address;
  const issuer = createWalletClient({
    account: privateKeyToAccount(rehearsalAccounts.tokenIssuer.privateKey),
    transport: http(stack.rpcUrl),
  });
  await client.waitForTransactionReceipt({
    hash: await issuer.sendTransaction({ to: user, value: parseEther("1"), chain: null }),
  });
  const amount = 250n * USDC;
  await client.waitForTransactionReceipt({
    hash: await issuer.writeContract({
      address: stack.deployment.usdc,
      abi: erc20Abi,
      functionName: "transfer",
      args: [user, amount],
      chain: null,
    }),
  });
  const [pool] = await readPools(client, stack.deployment);
  const tranche = pool!.tranches.at(-1)!;

  const { context, page } = await pageWithWallet(browser, stack, privateKey);
  await page.goto("/lending");
  await expect(page.getByRole("button", { name: "Demo controls" })).toHaveCount(0);
  // the connect modal offers the injected wallet, and no dev wallet
  await page.getByTestId("wallet-button").click();
  const connect = page.getByRole("dialog");
  await expect(connect.getByRole("button", { name: "Test Wallet" })).toBeVisible();
  await expect(connect.getByRole("button", { name: "Dev Wallet" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await connectTestWallet(page);

  // KYC: the widget sends the identity for review; an operator approves it
  const card = page.getByTestId("pool-card").filter({ hasText: pool!.poolName });
  const lendButton = card.getByRole("button", { name: `Lend into ${tranche.name}` });
  await lendButton.click();
  const kyc = page.getByRole("dialog", { name: "Identity Verification" });
  const popupPromise = page.waitForEvent("popup");
  await kyc.getByRole("button", { name: "Authorise KYC Process" }).click();
  const popup = await popupPromise;
  // hydrated before it is filled (a field filled earlier is reset): React has attached its
  // props to the form's submit button (not "networkidle", which this popup once never reported
  // in 8 minutes although its network was quiet)
  await popup.waitForFunction(() => {
    const submit = document.querySelector('button[type="submit"]');
    return submit !== null && Object.keys(submit).some((k) => k.startsWith("__reactProps$"));
  });
  const fullName = popup.getByLabel("Full name");
  await fullName.fill("Grace Hopper");
  await popup.getByLabel("Email (optional)").fill("grace@example.com");
  await expect(fullName).toHaveValue("Grace Hopper");
  await popup.getByRole("button", { name: "Submit for verification" }).click();
  await expect(popup.getByRole("status")).toContainText("To be reviewed");
  await popup.close();
  await expect(kyc).toHaveCount(0);
  // approved without an email: the one typed in the widget becomes the lender's only once its
  // mailed code is confirmed (no SMTP here), and 'No Email' is verified (spec)
  expect(await runOps(stack, ["kyc:approve", user])).toContain("is now No Email");

  // lend 250 USDC: amount, terms, the loan contract, approve, confirm
  await page.reload();
  await expect(page.getByTestId("wallet-button")).toContainText("Connected");
  await lendButton.click();
  const dialog = page.getByRole("dialog", { name: "Lend" });
  await dialog.getByTestId("lend-amount").fill("250");
  await expect(dialog.getByTestId("lend-amount-message")).toHaveText(/Wallet balance: /);
  await dialog.getByTestId("lend-terms").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Generate Loan Contract" }).click();
  const contract = page.getByRole("dialog", { name: "Loan Contract" });
  await expect(contract).toContainText("Grace Hopper");
  await contract.getByRole("button", { name: "Accept" }).click();
  await expect(dialog.getByTestId("loan-contract-status")).toHaveText("Accepted");
  const action = dialog.getByTestId("approve-then-act");
  await action.click();
  await expect(action).toHaveText("Confirm", { timeout: 30_000 });
  await action.click();
  await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 30_000 });
  await dialog.getByTestId("lend-done").getByRole("button", { name: "Close" }).click();

  // the portfolio shows it pending; time passes to the clearing period; the keeper clears it
  await page.goto("/portfolio");
  const row = page
    .getByTestId("portfolio-pool")
    .filter({ hasText: pool!.poolName })
    .locator(`[data-tranche="${tranche.name}"]`);
  await expect(row.getByTestId("position-pending-deposits")).toHaveText("250.00 USDC");
  const [deposit] = await getUserRequests(client, stack.deployment, user);
  expect(deposit).toMatchObject({ kind: "Deposit", amount, requestStatus: "Requested" });
  await passTimeTo(stack, client, "nextClearingPeriodStart");
  await settledByKeeper(stack, client, deposit!.nftId);
  await page.reload();
  await expect(row.getByTestId("position-invested")).toHaveText("250.00 USDC");
  await expect(page.getByTestId("total-invested")).toHaveText("250.00 USDC");

  // mid-run: one web replica and the keeper die; the supervisor starts the keeper again
  const webPids = process.env.REHEARSAL_WEB_PIDS!.split(",").map(Number);
  const keeperPidFile = process.env.REHEARSAL_KEEPER_PID_FILE!;
  const keeperPid = Number(readFileSync(keeperPidFile, "utf8"));
  kill(webPids[0]!);
  kill(keeperPid);
  await expect
    .poll(() => Number(readFileSync(keeperPidFile, "utf8")), {
      timeout: 30_000,
      message: "the keeper is started again",
    })
    .not.toBe(keeperPid);

  // the journey goes on through the replica left: withdraw 100 USDC in the next epoch
  await passTimeTo(stack, client, "nextEpochStart");
  await page.reload();
  await expect(row.getByTestId("position-invested")).toHaveText("250.00 USDC");
  await row.getByRole("button", { name: `Withdraw from ${tranche.name}` }).click();
  const modal = page.getByRole("dialog", { name: "Withdraw" });
  const withdrawAmount = modal.getByTestId("withdraw-amount");
  await withdrawAmount.fill("100");
  await withdrawAmount.blur();
  await expect(modal.getByTestId("withdraw-amount-message")).toHaveText("");
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(modal.getByTestId("withdraw-review-amount")).toHaveText("100.00 USDC");
  const usdcBefore = await readTokenBalance(client, { token: stack.deployment.usdc, owner: user });
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(modal.getByTestId("withdraw-done")).toBeVisible({ timeout: 30_000 });
  await modal.getByTestId("withdraw-done").getByRole("button", { name: "Close" }).click();
  const withdrawal = (await getUserRequests(client, stack.deployment, user)).find(
    (r) => r.kind === "Withdrawal",
  );
  expect(withdrawal).toMatchObject({ requestStatus: "Requested" });

  // the restarted keeper clears and settles it: the USDC is back in the wallet
  await passTimeTo(stack, client, "nextClearingPeriodStart");
  await settledByKeeper(stack, client, withdrawal!.nftId);
  const received =
    (await readTokenBalance(client, { token: stack.deployment.usdc, owner: user })) - usdcBefore;
  expect(received).toBeGreaterThanOrEqual(100n * USDC - 1n);
  expect(received).toBeLessThan(101n * USDC);
  await page.reload();
  await expect(row.getByTestId("position-pending-withdrawals")).toHaveText("0.00 USDC");
  await expect(row.getByTestId("position-invested")).toHaveText(/^1(49|50)\.\d{2,6} USDC$/);

  // the history (the indexer on Postgres): both requests, processed
  await page.goto("/portfolio/my-transactions");
  const historyRow = (nftId: bigint) =>
    page.locator(`[data-testid="transaction-row"][data-nft-id="${nftId}"]`);
  const connectPrompt = page.getByTestId("transactions-connect");
  await expect(historyRow(deposit!.nftId).or(connectPrompt)).toBeVisible({ timeout: 20_000 });
  if (await connectPrompt.isVisible()) await connectTestWallet(page);
  for (const [nftId, type, status] of [
    [deposit!.nftId, "Deposit", "Processed"],
    [withdrawal!.nftId, "Withdrawal", "Fully Accepted"],
  ] as const) {
    const r = historyRow(nftId);
    await expect(r).toBeVisible({ timeout: 20_000 });
    await expect(r).toContainText(type);
    await expect(r.getByTestId("transaction-status")).toHaveText(status, { timeout: 20_000 });
  }
  await context.close();
});
