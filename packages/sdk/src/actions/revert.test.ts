import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { lendingPoolManagerAbi } from "../abi/generated";
import { ProtocolRevertError } from "../errors";
import { readKycNonce } from "../reads/user-lending";
import { devAccount, useChain } from "../test/chain";
import { kycAuthorizationTypedData } from "./kyc";
import { requestDepositWithKyc } from "./lending";
import { decodeProtocolRevert } from "./revert";
import { approve, MAX_UINT256 } from "./tokens";

describe("decodeProtocolRevert", () => {
  const chain = useChain();
  const { deployment, publicClient: client } = chain;

  it("decodes a view revert", async () => {
    const error = await client
      .readContract({
        address: deployment.lendingPoolManager,
        abi: lendingPoolManagerAbi,
        functionName: "requestStatus",
        args: [12_345n],
      })
      .catch((e: unknown) => e);
    const revert = decodeProtocolRevert(error);
    expect(revert).toBeInstanceOf(ProtocolRevertError);
    expect(revert).toMatchObject({ code: "PROTOCOL_REVERT", errorName: "RequestNotFound" });
    expect(revert?.args).toEqual([12_345n]);
    expect(decodeProtocolRevert(new Error("network down"))).toBeNull();
  });

  it("decodes a raw send of a built transaction: a KYC authorisation for another amount", async () => {
    await chain.inSnapshot(async () => {
      const user = devAccount(1).address;
      const amount = parseUnits("500", 6);
      const nonce = await readKycNonce(client, deployment, user);
      const blockExpiration = (await client.getBlockNumber()) + 100n;
      const deposit = { poolId: 0n, trancheId: 0n, amount, fixedTermConfigId: 0n };
      const signature = await devAccount(9).signTypedData(
        kycAuthorizationTypedData({
          chainId: chain.chainId,
          verifyingContract: deployment.lendingPoolManager,
          user,
          nonce,
          blockExpiration,
          ...deposit,
          amount: amount + 1n, // signed for a different amount
        }),
      );
      await chain.send(
        1,
        approve({
          token: deployment.usdc,
          spender: deployment.lendingPoolManager,
          amount: MAX_UINT256,
        }),
      );
      const tx = requestDepositWithKyc(deployment, {
        ...deposit,
        acceptance: { signature: "0x", timestamp: 0n, version: 1 },
        kyc: { nonce, blockExpiration, signature },
      });
      const error = await chain
        .wallet(1)
        .sendTransaction(tx)
        .catch((e: unknown) => e);
      expect(decodeProtocolRevert(error)?.errorName).toBe("InvalidKycSignature");
    });
  }, 30_000);
});
