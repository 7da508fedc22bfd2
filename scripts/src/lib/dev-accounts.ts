import { mnemonicToAccount } from "viem/accounts";
import { bytesToHex, type Address, type Hex } from "viem";

/** anvil's default mnemonic: well known and public. Local chain only, never for real funds. */
export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

export type DevAccount = { index: number; address: Address; privateKey: Hex };

export function devAccount(index: number): DevAccount {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
  const key = account.getHdKey().privateKey;
  if (!key) throw new Error(`No private key for dev account ${index}`);
  return { index, address: account.address, privateKey: bytesToHex(key) };
}

/** Account 0 deploys and administers the local protocol. */
export const deployerAccount = devAccount(0);
/** Accounts 1-4 are the demo lenders (funded with USDC by the seed). */
export const demoLenderAccounts = [1, 2, 3, 4].map(devAccount);
