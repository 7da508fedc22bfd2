// @vitest-environment node
import { recoverTypedDataAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { LOCAL_KYC_SIGNER_PRIVATE_KEY } from "@/config/server";
import { KYC_AUTHORIZATION_TYPES, kycCallDataHash } from "@lending/sdk";
import { signKycAuthorization } from "./kyc-authorization";

describe("KYC deposit authorisation (EIP-712)", () => {
  it("is signed by the KYC signer over the deposit's call data hash", async () => {
    const manager = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
    const user = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const args = {
      user,
      chainId: 31337,
      verifyingContract: manager,
      nonce: 3n,
      blockExpiration: 1234n,
      poolId: 0n,
      trancheId: 2n,
      amount: 1_000_000_000n,
      fixedTermConfigId: 0n,
    } as const;
    const p = await signKycAuthorization(LOCAL_KYC_SIGNER_PRIVATE_KEY, args);
    // anvil account 9
    expect(p.signer).toBe(privateKeyToAccount(LOCAL_KYC_SIGNER_PRIVATE_KEY).address);
    expect(p.signer).toBe("0xa0Ee7A142d267C1f36714E4a8F75612F20a79720");
    expect(p.callDataHash).toBe(kycCallDataHash(args));
    const recovered = await recoverTypedDataAddress({
      domain: {
        name: "LendingPoolManager",
        version: "1",
        chainId: 31337,
        verifyingContract: manager,
      },
      types: KYC_AUTHORIZATION_TYPES,
      primaryType: "KycAuthorization",
      message: {
        user,
        chainId: 31337n,
        nonce: 3n,
        blockExpiration: 1234n,
        callDataHash: p.callDataHash,
      },
      signature: p.signature,
    });
    expect(recovered).toBe(p.signer);
    expect(kycCallDataHash({ ...args, amount: 1n })).not.toBe(p.callDataHash);
  });
});
