import { formatUnitsDisplay, usdValueCents } from "@lending/sdk";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseAbi,
  parseEther,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { seriousViolations } from "./support/axe";
import { expect, test, type Stack } from "./support/fixtures";
import { connectTestWallet, freshLender, pageWithWallet } from "./support/journey";

const NATIVE = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

type PwPage = import("@playwright/test").Page;

async function noHorizontalScroll(page: PwPage) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** A fresh wallet holding exactly 1,234.56 USDC, 2.5 ETH and 0.5 WETH (the local AMM's). */
async function fundedWallet(stack: Stack, request: import("@playwright/test").APIRequestContext) {
  const lender = await freshLender(stack, { eth: parseEther("10"), usdc: 1_234_560_000n });
  const quote = await request.get(
    `/api/getSwapData?chainId=${stack.chainId}&fromToken=${NATIVE}&toToken=${stack.deployment.usdc}&fromAmount=1000000000000000&user=${lender.address}&slippage=1`,
  );
  expect(quote.ok()).toBe(true);
  const { tx } = (await quote.json()) as { tx: { to: `0x${string}` } };
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const weth = await client.readContract({
    address: tx.to,
    abi: parseAbi(["function WETH() view returns (address)"]),
    functionName: "WETH",
  });
  const wallet = createWalletClient({
    account: privateKeyToAccount(lender.privateKey),
    transport: http(stack.rpcUrl),
  });
  const hash = await wallet.writeContract({
    address: weth,
    abi: parseAbi(["function deposit() payable"]),
    functionName: "deposit",
    value: parseEther("0.5"),
    chain: null,
  });
  await client.waitForTransactionReceipt({ hash });
  // exactly 2.5 ETH left, whatever the wrap's gas cost
  await createTestClient({ mode: "anvil", transport: http(stack.rpcUrl) }).setBalance({
    address: lender.address,
    value: parseEther("2.5"),
  });
  return lender;
}

const usd = (amount: bigint, decimals: number, price: number) =>
  `$${formatUnitsDisplay(usdValueCents(amount, decimals, price), 2, { minDecimals: 2 })}`;

test.describe("/portfolio/wallet-balance", () => {
  test("a visitor gets a connect prompt, not a list of zeros (axe clean, fits 390 px)", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/portfolio/wallet-balance");
    await expect(page.getByRole("heading", { level: 1, name: "Wallet balance" })).toBeVisible();
    const prompt = page.getByTestId("wallet-balance-connect");
    await expect(prompt).toContainText("Connect a wallet to see its token balances.");
    await expect(prompt.getByRole("button", { name: "Connect Wallet" })).toBeEnabled();
    await expect(page.getByTestId("wallet-balance-table")).toHaveCount(0);
    await noHorizontalScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    // the prompt's button opens the connect modal
    await prompt.getByRole("button", { name: "Connect Wallet" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("lists USDC, ETH and WETH with the wallet's balances and their USD values", async ({
    browser,
    request,
    stack,
  }) => {
    test.setTimeout(90_000);
    const lender = await fundedWallet(stack, request);
    const prices = (await (await request.get("/api/token?tokens=USDC,ETH,WETH")).json()) as Record<
      string,
      number
    >;
    expect(prices.USDC).toBe(1);
    expect(prices.ETH).toBeGreaterThan(0);
    expect(prices.WETH).toBe(prices.ETH);

    const { context, page } = await pageWithWallet(browser, stack, lender.privateKey);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto("/portfolio/wallet-balance");
    await connectTestWallet(page);
    const rows = page.getByTestId("wallet-balance-row");
    await expect(rows).toHaveCount(3);
    const row = (symbol: string) =>
      page.locator(`[data-testid="wallet-balance-row"][data-symbol="${symbol}"]`);
    await expect(rows.locator("th").nth(0)).toContainText("USDC");
    await expect(row("USDC").getByTestId("wallet-balance-amount")).toHaveText("1,234.56");
    await expect(row("ETH").getByTestId("wallet-balance-amount")).toHaveText("2.50");
    await expect(row("WETH").getByTestId("wallet-balance-amount")).toHaveText("0.50");
    await expect(page.getByTestId("wallet-balance-usd-header")).toHaveText("Value (USD)");
    await expect(row("USDC").getByTestId("wallet-balance-usd")).toHaveText("$1,234.56");
    await expect(row("ETH").getByTestId("wallet-balance-usd")).toHaveText(
      usd(parseEther("2.5"), 18, prices.ETH!),
    );
    await expect(row("WETH").getByTestId("wallet-balance-usd")).toHaveText(
      usd(parseEther("0.5"), 18, prices.WETH!),
    );
    // the page's content (the "Account connected" toast fading in is not part of it)
    expect(await seriousViolations(page, "main")).toEqual([]);

    // a phone: the table fits without sideways scrolling
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row("ETH").getByTestId("wallet-balance-usd")).toBeVisible();
    await noHorizontalScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
