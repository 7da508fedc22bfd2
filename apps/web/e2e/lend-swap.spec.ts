import {
  getCurrentEpochDepositedAmount,
  getUserRequests,
  readPools,
  readTokenBalance,
  swapMinimumOut,
  trancheDepositLimits,
} from "@lending/sdk";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "./support/fixtures";
import { clickClearOfToasts, connectTestWallet, ensureKyc } from "./support/journey";
import { installTestWallet } from "./support/test-wallet";

const NATIVE = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

// A fresh account holding ETH (and for WETH, 1 ETH wrapped) and no USDC: the journey proves the
// swap pays for the deposit, not a USDC balance.
for (const symbol of ["ETH", "WETH"] as const) {
  test(`lends with ${symbol}: quote in USDC, loan contract, swap then deposit, pending request on chain`, async ({
    browser,
    stack,
    request,
  }) => {
    test.setTimeout(120_000);
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    const user = account.address;
    const client = createPublicClient({ transport: http(stack.rpcUrl) });
    await createTestClient({ mode: "anvil", transport: http(stack.rpcUrl) }).setBalance({
      address: user,
      value: parseEther("10"),
    });
    await ensureKyc(request, privateKey, { fullName: "Grace Hopper" });
    if (symbol === "WETH") {
      // The router (from a swap quote) names WETH; sending ETH to WETH9 wraps it.
      const quote = await request.get(
        `/api/getSwapData?chainId=${stack.chainId}&fromToken=${NATIVE}&toToken=${stack.deployment.usdc}&fromAmount=1000000000000000&user=${user}&slippage=1`,
      );
      expect(quote.ok()).toBe(true);
      const { tx } = (await quote.json()) as { tx: { to: `0x${string}` } };
      const weth = await client.readContract({
        address: tx.to,
        abi: parseAbi(["function WETH() view returns (address)"]),
        functionName: "WETH",
      });
      const wallet = createWalletClient({ account, transport: http(stack.rpcUrl) });
      const hash = await wallet.writeContract({
        address: weth,
        abi: parseAbi(["function deposit() payable"]),
        functionName: "deposit",
        value: parseEther("1"),
        chain: null,
      });
      await client.waitForTransactionReceipt({ hash });
    }

    // A tranche with room for a 500 USDC deposit this epoch.
    const pools = await readPools(client, stack.deployment);
    const target = pools
      .flatMap((pool) => pool.tranches.map((tranche) => ({ pool, tranche })))
      .map(({ pool, tranche }) => ({
        pool,
        tranche,
        limits: trancheDepositLimits({
          minimumDeposit: tranche.minimumDeposit,
          maximumDeposit: tranche.maximumDeposit,
          depositedThisEpoch: 0n,
        }),
      }))
      .find((c) => c.limits.minimum <= 100_000_000n && c.limits.maximum >= 1_000_000_000n)!;
    expect(target).toBeDefined();
    const { pool, tranche } = target;
    expect(
      await getCurrentEpochDepositedAmount(client, stack.deployment, {
        poolId: pool.id,
        trancheId: tranche.id,
        user,
      }),
    ).toBe(0n);

    const context = await browser.newContext({ baseURL: stack.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await installTestWallet(page, { rpcUrl: stack.rpcUrl, chainId: stack.chainId, privateKey });
    await page.goto("/lending");
    await connectTestWallet(page);
    const card = page.getByTestId("pool-card").filter({ hasText: pool.poolName });
    await clickClearOfToasts(card.getByRole("button", { name: `Lend into ${tranche.name}` }));
    const dialog = page.getByRole("dialog", { name: "Lend" });
    await expect(dialog).toBeVisible();

    // Step 1: the token; an amount worth well above the minimum (~3,000 USDC / ETH).
    const asset = dialog.getByTestId("lend-asset");
    // Balances in the asset list (ETH less the wrap's gas for the WETH journey).
    const balances = { WETH: symbol === "ETH" ? "0" : "1" };
    await expect(asset.locator("option").nth(1)).toHaveText(
      symbol === "ETH" ? "ETH (10)" : /^ETH \(8\.99\d*\)$/,
    );
    await expect(asset.locator("option", { hasText: `WETH (${balances.WETH})` })).toHaveCount(1);
    await asset.selectOption(symbol);
    // Max: the balance, capped to the tranche room with the 5% quote buffer.
    const amount = dialog.getByTestId("lend-amount");
    await dialog.getByRole("button", { name: "Max" }).click();
    await expect(amount).toHaveValue(/^\d+(\.\d+)?$/);
    expect(Number(await amount.inputValue())).toBeGreaterThan(0);
    expect(Number(await amount.inputValue())).toBeLessThanOrEqual(symbol === "ETH" ? 10 : 1);
    await amount.fill("0.1");
    await expect(dialog.getByTestId("lend-amount-message")).toHaveText(
      `Wallet balance: ${symbol === "ETH" ? "10" : "1"} ${symbol}`,
    );
    const estimate = dialog.getByTestId("lend-usdc-estimate");
    await expect(estimate).toContainText(/≈ [\d,]+\.\d{2,6} USDC/);
    await expect(estimate).toContainText("slippage 1%");
    const quoted = parseUnits(
      (/≈ ([\d,]+\.\d+) USDC/.exec((await estimate.textContent()) ?? "")?.[1] ?? "0").replace(
        /,/g,
        "",
      ),
      6,
    );
    expect(quoted).toBeGreaterThan(target.limits.minimum);
    await dialog.getByTestId("lend-terms").check();
    await dialog.getByRole("button", { name: "Next" }).click();

    // Step 2: the loan contract, then Confirm (ETH: nothing to approve) = swap, then deposit.
    await expect(dialog.getByTestId("lend-review-amount")).toContainText(`0.1 ${symbol} (≈ `);
    // before signing: the minimum received after the 1% slippage, which is what is deposited
    const minimumText = dialog.getByTestId("lend-review-minimum");
    await expect(minimumText).toHaveText(/^[\d,]+\.\d{2,6} USDC$/);
    const minimum = parseUnits(
      (/([\d,]+\.\d+) USDC/.exec((await minimumText.textContent()) ?? "")?.[1] ?? "0").replace(
        /,/g,
        "",
      ),
      6,
    );
    expect(minimum).toBeLessThan(quoted);
    expect(minimum).toBeGreaterThanOrEqual(swapMinimumOut(quoted) - 10_000n);
    await expect(dialog.getByTestId("lend-review-minimum-note")).toContainText(
      "Any USDC the swap delivers above it stays in your wallet.",
    );
    await dialog.getByRole("button", { name: "Generate Loan Contract" }).click();
    const contract = page.getByRole("dialog", { name: "Loan Contract" });
    await expect(contract).toBeVisible();
    await expect(contract).toContainText("Grace Hopper");
    await contract.getByRole("button", { name: "Accept" }).click();
    await expect(dialog.getByTestId("loan-contract-status")).toHaveText("Accepted");
    const action = dialog.getByTestId("approve-then-act");
    if (symbol === "WETH") {
      // WETH is approved to the router first, and the review says the approval is unlimited.
      await expect(action).toHaveText("Approve");
      await expect(dialog.getByTestId("lend-approval-note")).toContainText(
        "The approval is unlimited",
      );
      await action.click();
    }
    await expect(action).toHaveText("Confirm", { timeout: 20_000 });
    await action.click();
    await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 40_000 });

    // A pending deposit request for the quoted USDC less at most the 1% slippage.
    const requests = await getUserRequests(client, stack.deployment, user);
    const deposit = requests.find(
      (r) => r.kind === "Deposit" && r.poolId === pool.id && r.trancheId === tranche.id,
    );
    expect(deposit).toBeDefined();
    expect(deposit!.requestStatus).toBe("Requested");
    // exactly the minimum received shown before signing (shown to the cent or finer)
    expect(deposit!.amount).toBeGreaterThanOrEqual(minimum);
    expect(deposit!.amount).toBeLessThan(minimum + 10_000n);
    // The swap's output beyond the deposit (at most the slippage) stays in the wallet.
    const usdcLeft = await readTokenBalance(client, { token: stack.deployment.usdc, owner: user });
    expect(usdcLeft).toBeLessThanOrEqual(quoted / 50n);
    expect(errors).toEqual([]);
    await context.close();
  });
}
