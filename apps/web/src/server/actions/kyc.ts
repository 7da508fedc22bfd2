"use server";

import { kyc, readKycNonce } from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { describeZodError } from "../http/handler";
import { addressSchema } from "../http/schemas";
import { chainClient, database } from "../context";
import { enforceActionRateLimit } from "../http/action-limit";
import { toActionError } from "../http/errors";
import { isKycCompleted, kycProvider } from "../services/kyc";
import { requireAcceptedAgreement } from "../services/lender-agreements";
import { signKycAuthorization, type KycSignatureParams } from "../services/kyc-authorization";

const uint = z
  .union([z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative()])
  .transform((v) => BigInt(v));

const input = z
  .object({
    address: addressSchema,
    poolId: uint,
    trancheId: uint,
    /** USDC in 6 decimals */
    amount: uint,
    fixedTermConfigId: uint.optional(),
    /** the accepted loan contract the deposit is made under (POST /api/lender-agreements id) */
    loanContractId: z.union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ]),
  })
  .strict();

/**
 * Server action "KYC signature parameters": the EIP-712 deposit authorisation for a user whose
 * KYC is Active or No Email and who accepted the live loan contract `loanContractId` for at least
 * this amount, valid for KYC_SIGNATURE_BLOCKS blocks.
 */
export async function getKycSignatureParams(
  request: z.input<typeof input>,
): Promise<KycSignatureParams | { error: string; message: string }> {
  try {
    // the client IP's POST rate limit first: each call costs provider and RPC calls
    await enforceActionRateLimit();
  } catch (error) {
    return toActionError(error, "KYC signature", "The deposit authorisation could not be signed");
  }
  const parsed = input.safeParse(request);
  if (!parsed.success) return { error: "Invalid request", message: describeZodError(parsed.error) };
  const r = parsed.data;
  const config = serverConfig();
  if (!hasDeployment(config.chainId)) {
    return {
      error: "No deployment",
      message: `No contracts are deployed on chain ${config.chainId}`,
    };
  }
  try {
    const customer = await (await kycProvider(config)).getCustomer(r.address);
    if (!isKycCompleted(customer.status)) {
      return {
        error: "KYC not completed",
        message: kyc.toasts.notCompleted,
      };
    }
    await requireAcceptedAgreement(await database(config), {
      chainId: config.chainId,
      address: r.address,
      id: r.loanContractId,
      amount: r.amount,
      terms: {
        poolId: r.poolId,
        trancheId: r.trancheId,
        fixedTermConfigId: r.fixedTermConfigId ?? 0n,
      },
    });
    const deployment = getDeployment(config.chainId);
    const client = chainClient(config);
    const [block, nonce] = await Promise.all([
      client.getBlockNumber(),
      readKycNonce(client, deployment, r.address),
    ]);
    return await signKycAuthorization(config.kyc.signerPrivateKey, {
      user: r.address,
      chainId: config.chainId,
      verifyingContract: deployment.lendingPoolManager,
      nonce,
      blockExpiration: block + BigInt(config.kyc.signatureBlocks),
      poolId: r.poolId,
      trancheId: r.trancheId,
      amount: r.amount,
      fixedTermConfigId: r.fixedTermConfigId ?? 0n,
    });
  } catch (error) {
    return toActionError(
      error,
      "KYC signature",
      "The deposit authorisation could not be signed: try again later",
    );
  }
}
