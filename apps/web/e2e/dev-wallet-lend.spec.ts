import { getUserRequests } from "@lending/sdk";
import { createPublicClient, http, type Address } from "viem";
import { expect, test } from "./support/fixtures";
import { lendThroughLocalKyc, trancheFor } from "./support/journey";

// What a new user does after `npm start`: the Dev Wallet (anvil's unlocked accounts, no key in
// the browser), the local KYC widget, then a USDC lend: every signature (KYC challenge, contract
// generation, acceptance) and transaction goes through anvil. The Dev Wallet offers the demo
// lenders (anvil accounts 1 to 4, seeded with USDC); no other browser test uses lender 4.
const LENDER_4: Address = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

test("a new user lends 250 USDC with the Dev Wallet after the local KYC", async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000);
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const amount = 250_000_000n;
  const target = await trancheFor(stack, LENDER_4, amount);
  const before = await getUserRequests(client, stack.deployment, LENDER_4);

  // the Dev Wallet's active account is the one last picked (localStorage)
  await page.addInitScript((a) => localStorage.setItem("lending.devWallet.selected", a), LENDER_4);
  await page.goto("/lending");
  await page.getByTestId("wallet-button").click();
  await page.getByRole("dialog").getByRole("button", { name: "Dev Wallet" }).click();
  await expect(page.getByTestId("wallet-button")).toContainText(LENDER_4.slice(0, 6));

  await lendThroughLocalKyc(
    page,
    { poolName: target.pool.poolName, trancheName: target.tranche.name },
    { amount: "250", fullName: "Grace Hopper" },
  );

  const after = await getUserRequests(client, stack.deployment, LENDER_4);
  expect(after.length).toBe(before.length + 1);
  const request = after.find((r) => !before.some((b) => b.nftId === r.nftId))!;
  expect(request).toMatchObject({
    kind: "Deposit",
    poolId: target.pool.id,
    trancheId: target.tranche.id,
    amount,
    requestStatus: "Requested",
  });
});
