/**
 * Test helpers for the shared anvil fixture (`inject("anvil")`): clients, the well-known dev
 * accounts, snapshots and sending built transactions. Not part of the public API.
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type Hash,
  type TransactionReceipt,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import { expect, inject } from "vitest";
import { kycAuthorizationTypedData } from "../actions/kyc";
import { requestDepositWithKyc } from "../actions/lending";
import { approve, MAX_UINT256 } from "../actions/tokens";
import type { TransactionRequest } from "../actions/types";
import { readKycNonce } from "../reads/user-lending";

/** anvil's default mnemonic: public, local chain only. */
const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

/** Dev account `index` of anvil's mnemonic (1-4 demo lenders, 8 treasury, 9 KYC signer). */
export const devAccount = (index: number) =>
  mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

export function useChain() {
  const { rpcUrl, chainId, deployment } = inject("anvil");
  const chain = { ...anvil, id: chainId };
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, mode: "anvil", transport });
  const wallet = (index: number) =>
    createWalletClient({ account: devAccount(index), chain, transport });

  /** Sends a built transaction from dev account `index` and waits for a successful receipt. */
  async function send(index: number, tx: TransactionRequest): Promise<TransactionReceipt> {
    const hash: Hash = await wallet(index).sendTransaction({
      to: tx.to,
      data: tx.data,
      value: tx.value,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  }

  /** Runs `fn` and reverts the chain state (and time) afterwards. */
  async function inSnapshot<T>(fn: () => Promise<T>): Promise<T> {
    const id = await testClient.snapshot();
    try {
      return await fn();
    } finally {
      await testClient.revert({ id });
    }
  }

  /** Approves USDC and sends a deposit from dev account `index`, authorised by the KYC signer. */
  async function deposit(
    index: number,
    args: { poolId: bigint; trancheId: bigint; amount: bigint; fixedTermConfigId: bigint },
  ) {
    const user = devAccount(index).address;
    const [nonce, block] = await Promise.all([
      readKycNonce(publicClient, deployment, user),
      publicClient.getBlockNumber({ cacheTime: 0 }),
    ]);
    const blockExpiration = block + 100n;
    const signature = await devAccount(9).signTypedData(
      kycAuthorizationTypedData({
        chainId,
        verifyingContract: deployment.lendingPoolManager,
        user,
        nonce,
        blockExpiration,
        ...args,
      }),
    );
    await send(
      index,
      approve({
        token: deployment.usdc,
        spender: deployment.lendingPoolManager,
        amount: MAX_UINT256,
      }),
    );
    const tx = requestDepositWithKyc(deployment, {
      ...args,
      acceptance: { signature: "0x01", timestamp: 1_700_000_000_000n, version: 1 },
      kyc: { nonce, blockExpiration, signature },
    });
    return send(index, tx);
  }

  return {
    rpcUrl,
    chainId,
    deployment,
    publicClient,
    testClient,
    wallet,
    send,
    inSnapshot,
    deposit,
  };
}
