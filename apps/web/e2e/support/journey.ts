import {
  buildKycChallengeMessage,
  getCurrentEpochDepositedAmount,
  trancheDepositLimits,
  type Deployment,
  type Pool,
} from "@lending/sdk";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Address, Hex, PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect } from "./fixtures";
import { TEST_WALLET_NAME, type TestWallet } from "./test-wallet";

/**
 * Completes the local KYC of an account through the API, as the widget would (no-op when its
 * status is already Active or No Email).
 */
export async function ensureKyc(
  request: APIRequestContext,
  privateKey: Hex,
  person: { fullName: string; email: string } = {
    fullName: "Ada Lovelace",
    email: "ada@example.com",
  },
) {
  const account = privateKeyToAccount(privateKey);
  const status = await request.get(`/api/kyc?userAddress=${account.address}`);
  const { status: current } = (await status.json()) as { status: string };
  if (current === "Active" || current === "No Email") return;
  const timestamp = Date.now();
  const signature = await account.signMessage({
    message: buildKycChallengeMessage({ address: account.address, isIndividual: true, timestamp }),
  });
  const challenge = await request.post("/api/kyc-challenge", {
    data: { address: account.address, signature, timestamp, isIndividual: true },
  });
  expect(challenge.ok()).toBe(true);
  const { widgetUrl } = (await challenge.json()) as { widgetUrl: string };
  const session = new URL(widgetUrl, "http://localhost").searchParams.get("session");
  const done = await request.post("/api/kyc/local", { data: { session, ...person } });
  expect(done.ok()).toBe(true);
}

/** Connects the injected test wallet through the connect modal. */
export async function connectTestWallet(page: Page, wallet?: TestWallet) {
  const button = page.getByTestId("wallet-button");
  await expect(button).toBeEnabled();
  await button.click();
  await page.getByRole("dialog").getByRole("button", { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (wallet) expect(wallet.isConnected()).toBe(true);
}

/**
 * Every tranche of every pool with the user's deposit limits this epoch (the SDK's
 * trancheDepositLimits over the on-chain amount already deposited), read in parallel.
 */
export function trancheLimitsOf(
  client: PublicClient,
  deployment: Deployment,
  pools: Pool[],
  user: Address,
) {
  return Promise.all(
    pools.flatMap((pool) =>
      pool.tranches.map(async (tranche) => {
        const depositedThisEpoch = await getCurrentEpochDepositedAmount(client, deployment, {
          poolId: pool.id,
          trancheId: tranche.id,
          user,
        });
        const limits = trancheDepositLimits({
          minimumDeposit: tranche.minimumDeposit,
          maximumDeposit: tranche.maximumDeposit,
          depositedThisEpoch,
        });
        return { pool, tranche, limits };
      }),
    ),
  );
}
