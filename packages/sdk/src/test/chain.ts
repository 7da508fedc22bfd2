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
import type { TransactionRequest } from "../actions/types";

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

  return { rpcUrl, chainId, deployment, publicClient, testClient, wallet, send, inSnapshot };
}
