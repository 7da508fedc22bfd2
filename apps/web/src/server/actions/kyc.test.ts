// @vitest-environment node
import {
  buildLenderAgreementMessage,
  buildLoanContractAcceptanceMessage,
  lendingPoolManagerAbi,
} from "@lending/sdk";
import {
  createTestClient,
  createWalletClient,
  http,
  parseAbi,
  publicActions,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { POST as generateContract } from "../../../app/api/lender-agreements/route";
import { GET as referral } from "../../../app/api/referral/route";
import { kycRecords } from "../db/schema";
import { call, getRequest, postRequest, setupApiTestDatabase } from "../test/harness";
import { getKycSignatureParams } from "./kyc";
import { acceptLoanContract } from "./loan-contracts";

/** anvil dev account 2 (public key; a demo lender funded with USDC by the seed) */
const LENDER = privateKeyToAccount(
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
);

/** The loan contract's terms: pool 0, tranche 0 (seeded), variable APY. */
const TERMS = { poolId: "0", trancheId: "0", fixedTermConfigId: "0" };

describe("KYC signature parameters, end to end on the LendingPoolManager", () => {
  const t = setupApiTestDatabase();
  const { rpcUrl, deployment } = inject("anvil");
  const chain = foundry;
  const test = createTestClient({ mode: "anvil", chain, transport: http(rpcUrl) });
  const wallet = createWalletClient({ account: LENDER, chain, transport: http(rpcUrl) }).extend(
    publicActions,
  );
  let snapshot: Hex;
  beforeAll(async () => {
    snapshot = await test.snapshot();
  });
  afterAll(async () => {
    await test.revert({ id: snapshot });
  });

  it("signs an authorisation the contract accepts for a verified user, once per nonce", async () => {
    await t.db().insert(kycRecords).values({
      address: LENDER.address.toLowerCase(),
      status: "Active",
      entityType: "individual",
      fullName: "Demo Lender",
      email: "lender@example.org",
      provider: "local",
    });
    const amount = 1_000_000_000n; // 1,000 USDC
    // a generated loan contract for 1,000 USDC
    const generatedAt = Date.now();
    const generated = await call(
      generateContract,
      postRequest(`/api/lender-agreements?chainId=${chain.id}`, {
        address: LENDER.address,
        depositAmount: "1000",
        ...TERMS,
        timestamp: generatedAt,
        signature: await LENDER.signMessage({
          message: buildLenderAgreementMessage({
            address: LENDER.address,
            depositAmount: "1000",
            ...TERMS,
            timestamp: generatedAt,
            chainId: chain.id,
          }),
        }),
      }),
    );
    expect(generated.status).toBe(200);
    const loanContractId = generated.body.id as number;
    const authorisation = {
      address: LENDER.address,
      poolId: 0,
      trancheId: 0,
      amount: amount.toString(),
      loanContractId,
    };
    // not accepted yet: no authorisation
    expect(await getKycSignatureParams(authorisation)).toEqual({
      error: "HTTP 409",
      message: "The Loan Contract has not been accepted: accept it before confirming",
    });
    const acceptedAt = Date.now();
    const accepted = await acceptLoanContract({
      address: LENDER.address,
      id: loanContractId,
      timestamp: acceptedAt,
      chain: chain.id,
      signature: await LENDER.signMessage({
        message: buildLoanContractAcceptanceMessage({
          address: LENDER.address,
          id: loanContractId,
          timestamp: acceptedAt,
          chainId: chain.id,
        }),
      }),
    });
    expect(accepted).toMatchObject({ id: loanContractId });
    // accepted, but not for more than the contract's amount, nor under someone else's contract
    expect(
      await getKycSignatureParams({ ...authorisation, amount: (amount + 1n).toString() }),
    ).toMatchObject({ error: "HTTP 409" });
    expect(
      await getKycSignatureParams({ ...authorisation, loanContractId: loanContractId + 1 }),
    ).toMatchObject({ error: "HTTP 404" });
    // nor on other terms than the contract states: another tranche, a fixed APY
    for (const other of [{ trancheId: 1 }, { fixedTermConfigId: 1 }]) {
      expect(await getKycSignatureParams({ ...authorisation, ...other })).toEqual({
        error: "HTTP 409",
        message:
          "The accepted Loan Contract is for another pool, tranche or APY: generate a new one",
      });
    }
    const params = await getKycSignatureParams(authorisation);
    if ("error" in params) throw new Error(params.message);
    expect(params.signer).toBe("0xa0Ee7A142d267C1f36714E4a8F75612F20a79720");
    const approve = await wallet.writeContract({
      address: deployment.usdc,
      abi: parseAbi(["function approve(address spender, uint256 amount) returns (bool)"]),
      functionName: "approve",
      args: [deployment.lendingPoolManager, amount],
    });
    await wallet.waitForTransactionReceipt({ hash: approve });
    const deposit = {
      address: deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "requestDepositWithKyc",
      args: [
        0n,
        0n,
        amount,
        0n,
        { signature: "0x", timestamp: BigInt(Date.now()), version: 1 },
        {
          nonce: BigInt(params.nonce),
          blockExpiration: BigInt(params.blockExpiration),
          signature: params.signature,
        },
      ],
    } as const;
    const { request } = await wallet.simulateContract(deposit);
    const hash = await wallet.writeContract(request);
    expect((await wallet.waitForTransactionReceipt({ hash })).status).toBe("success");
    // the nonce is used up: the same authorisation is refused
    await expect(wallet.simulateContract(deposit)).rejects.toThrow(/InvalidKycNonce/);

    // and the referral rules now see a depositor
    const r = await call(
      referral,
      getRequest(
        `/api/referral?userAddress=${LENDER.address}&referralCode=0x00000000000000000000000000000000000000bb`,
      ),
    );
    expect(r.body.error).toBe("User has already deposited");
  });
});
