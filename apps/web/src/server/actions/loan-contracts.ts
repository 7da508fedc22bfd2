"use server";

import { z } from "zod";
import { database } from "../context";
import { enforceActionRateLimit } from "../http/action-limit";
import { HttpError, toActionError, type ActionError } from "../http/errors";
import { servedChainId } from "../http/chain";
import { describeZodError } from "../http/handler";
import { addressSchema, chainIdSchema, signatureSchema, timestampMsSchema } from "../http/schemas";
import type { FormattedContract } from "../services/contract-content";
import { acceptLenderAgreement, readSignedContract } from "../services/lender-agreements";
import { renderContractPdf } from "../services/pdf";

const input = z
  .object({
    address: addressSchema,
    signature: signatureSchema,
    timestamp: timestampMsSchema,
    id: z.union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ]),
    chain: chainIdSchema.optional(),
  })
  .strict();

export type ContractRequest = z.input<typeof input>;

const READ_FAILED = "The contract could not be read: try again later";

/** The signed request as the services take it; a 400 HttpError when malformed. */
function parse(request: ContractRequest) {
  const parsed = input.safeParse(request);
  if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
  const { chain, ...r } = parsed.data;
  return { ...r, chainId: servedChainId(chain) };
}

async function load(request: ContractRequest) {
  await enforceActionRateLimit();
  return readSignedContract(await database(), parse(request));
}

/**
 * Server action: the stored contract text for a signed download request. Every action here counts
 * against the client IP's POST rate limit first (`HTTP 429` past it, before the signature check).
 */
export async function fetchContractContent(
  request: ContractRequest,
): Promise<{ contractMessage: string; formattedMessage: string; timestamp: number } | ActionError> {
  try {
    const row = await load(request);
    return {
      contractMessage: row.contractMessage,
      formattedMessage: row.formattedMessage,
      timestamp: row.timestamp,
    };
  } catch (error) {
    return toActionError(error, "loan contract", READ_FAILED);
  }
}

/** Server action: the contract as a PDF (base64), named loan-contract-{timestamp}.pdf. */
export async function downloadContractPdf(
  request: ContractRequest,
): Promise<{ fileName: string; contentType: "application/pdf"; base64: string } | ActionError> {
  try {
    const row = await load(request);
    const pdf = await renderContractPdf(JSON.parse(row.formattedMessage) as FormattedContract, {
      fullName: row.fullName,
      createdAt: row.createdAt.toISOString(),
    });
    return {
      fileName: `loan-contract-${row.timestamp}.pdf`,
      contentType: "application/pdf",
      base64: pdf.toString("base64"),
    };
  } catch (error) {
    return toActionError(error, "loan contract", READ_FAILED);
  }
}

/**
 * Server action: accept a generated contract with a signed "an acceptance of loan contract {id}
 * by {address} at {timestamp}". Only an accepted, live contract gets a deposit authorisation.
 */
export async function acceptLoanContract(
  request: ContractRequest,
): Promise<{ id: number; acceptedAt: string } | ActionError> {
  try {
    await enforceActionRateLimit();
    const row = await acceptLenderAgreement(await database(), parse(request));
    return { id: row.id, acceptedAt: row.acceptedAt!.toISOString() };
  } catch (error) {
    return toActionError(
      error,
      "loan contract acceptance",
      "The acceptance could not be recorded: try again later",
    );
  }
}
