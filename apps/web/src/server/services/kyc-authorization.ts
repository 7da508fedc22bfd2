import { kycAuthorizationTypedData } from "@lending/sdk";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export type KycSignatureParams = {
  user: Address;
  chainId: number;
  nonce: string;
  blockExpiration: string;
  callDataHash: Hex;
  signature: Hex;
  signer: Address;
};

/**
 * Signs a deposit authorisation with the KYC signer's key. The typed data (domain, types, call
 * data hash) is the SDK's `kycAuthorizationTypedData`, the one rule the contract verifies.
 */
export async function signKycAuthorization(
  privateKey: Hex,
  args: Parameters<typeof kycAuthorizationTypedData>[0],
): Promise<KycSignatureParams> {
  const account = privateKeyToAccount(privateKey);
  const typedData = kycAuthorizationTypedData(args);
  const signature = await account.signTypedData(typedData);
  return {
    user: args.user,
    chainId: args.chainId,
    nonce: args.nonce.toString(),
    blockExpiration: args.blockExpiration.toString(),
    callDataHash: typedData.message.callDataHash,
    signature,
    signer: account.address,
  };
}
