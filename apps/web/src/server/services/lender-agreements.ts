import {
  buildContractDownloadMessage,
  buildLenderAgreementMessage,
  formatDateTime,
} from "@lending/sdk";
import type { Address, Hex } from "viem";
import type { Database } from "../db/client";
import { forbidden, notFound } from "../http/errors";
import { findLenderAgreement, insertLenderAgreement } from "../repositories/lender-agreements";
import { CURRENT_CONTRACT_VERSION, renderContract } from "./contract-content";
import { isKycCompleted, type KycProvider } from "./kyc/types";
import { consumeSignature, verifySignedMessage } from "./signatures";

/** What POST /api/lender-agreements answers. */
export type GeneratedContract = {
  id: number;
  status: "generated";
  contractMessage: string;
  fullName: string;
  contractType: "retail" | "exempt";
  contractVersion: string;
  /** JSON string of {title, version, sections[{heading, paragraphs}], importantNote} */
  formattedMessage: string;
  timestamp: number;
  createdAt: string;
};

export const FULLNAME_ERROR = "Failed to retrieve fullname";

/**
 * Generates and stores a loan contract for a signed request. The full name comes from the KYC
 * record (verified users only); individuals get the retail contract, business entities the
 * exempt one.
 */
export async function generateLenderAgreement(
  db: Database,
  kyc: KycProvider,
  args: {
    chainId: number;
    address: Address;
    signature: Hex;
    timestamp: number;
    depositAmount: string;
    appName: string;
    now?: number;
  },
): Promise<GeneratedContract> {
  const address = args.address.toLowerCase() as Address;
  await verifySignedMessage({
    address,
    message: buildLenderAgreementMessage({
      address,
      depositAmount: args.depositAmount,
      timestamp: args.timestamp,
    }),
    signature: args.signature,
    timestamp: args.timestamp,
    now: args.now,
  });
  const customer = await kyc.getCustomer(address);
  if (!isKycCompleted(customer.status) || !customer.fullName) {
    throw forbidden(`${FULLNAME_ERROR}: identity verification is not completed`, {
      error: FULLNAME_ERROR,
    });
  }
  const contractType = customer.entityType === "business" ? "exempt" : "retail";
  const { contractMessage, formatted } = renderContract({
    fullName: customer.fullName,
    address,
    depositAmount: args.depositAmount,
    contractType,
    date: formatDateTime(new Date(args.now ?? Date.now())),
    appName: args.appName,
  });
  const row = await db.transaction(async (tx) => {
    await consumeSignature(tx, { signature: args.signature, address, purpose: "lender-agreement" });
    return insertLenderAgreement(tx, {
      chainId: args.chainId,
      address,
      depositAmount: args.depositAmount,
      fullName: customer.fullName!,
      contractType,
      contractVersion: CURRENT_CONTRACT_VERSION,
      contractMessage,
      formattedMessage: JSON.stringify(formatted),
      timestamp: args.timestamp,
    });
  });
  return {
    id: row.id,
    status: "generated",
    contractMessage: row.contractMessage,
    fullName: row.fullName,
    contractType: row.contractType,
    contractVersion: row.contractVersion,
    formattedMessage: row.formattedMessage,
    timestamp: row.timestamp,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A stored contract for a signed download request ("a request for contract content for
 * {address}/{id} at {timestamp}"). Reading does not consume the signature (view then download
 * may reuse it within its 5 minutes).
 */
export async function readSignedContract(
  db: Database,
  args: {
    chainId: number;
    address: Address;
    id: number;
    signature: Hex;
    timestamp: number;
    now?: number;
  },
) {
  const address = args.address.toLowerCase() as Address;
  await verifySignedMessage({
    address,
    message: buildContractDownloadMessage({ address, id: args.id, timestamp: args.timestamp }),
    signature: args.signature,
    timestamp: args.timestamp,
    now: args.now,
  });
  const row = await findLenderAgreement(db, args.chainId, address, args.id);
  if (!row) throw notFound(`No loan contract ${args.id} for ${address}`);
  return row;
}
