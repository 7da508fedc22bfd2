import {
  buildContractDownloadMessage,
  buildLenderAgreementMessage,
  buildLoanContractAcceptanceMessage,
  formatDateTime,
  formatEpochLockDuration,
  formatPercent,
  formatUsdc,
  lend,
  LOAN_CONTRACT_VALIDITY_MS,
  loanContract,
  type LoanContractTerms,
  type Pool,
} from "@lending/sdk";
import { parseUnits, type Address, type Hex } from "viem";
import type { Database } from "../db/client";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../http/errors";
import {
  findLenderAgreement,
  insertLenderAgreement,
  markLenderAgreementAccepted,
} from "../repositories/lender-agreements";
import {
  CURRENT_CONTRACT_VERSION,
  renderContract,
  type ContractTerms,
  type FormattedContract,
} from "./contract-content";
import { isKycCompleted, type KycProvider } from "./kyc/types";
import { consumeSignature, verifySignedRequest } from "./signatures";

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
export const UNKNOWN_TERMS_MESSAGE = loanContract.unknownTerms;

/**
 * The terms as the contract states them, from the chain's pools: the pool and tranche names, the
 * APY (the tranche's variable one, or the fixed-term config's with its term).
 *
 * @throws {HttpError} 400 no such pool, tranche or fixed-term config.
 */
export function describeTerms(pools: readonly Pool[], ids: LoanContractTerms): ContractTerms {
  const pool = pools.find((p) => p.id === BigInt(ids.poolId));
  const tranche = pool?.tranches.find((t) => t.id === BigInt(ids.trancheId));
  const configId = BigInt(ids.fixedTermConfigId);
  const fixed =
    configId === 0n ? undefined : tranche?.fixedTermConfig.find((c) => c.configId === configId);
  if (!pool || !tranche || (configId !== 0n && !fixed)) throw badRequest(UNKNOWN_TERMS_MESSAGE);
  return {
    poolId: pool.id.toString(),
    trancheId: tranche.id.toString(),
    fixedTermConfigId: configId.toString(),
    poolName: pool.poolName,
    trancheName: tranche.name,
    apy: formatPercent(fixed ? fixed.apy : tranche.apy),
    fixed: fixed
      ? {
          term: formatEpochLockDuration(fixed.epochLockDuration),
          epochs: fixed.epochLockDuration.toString(),
        }
      : undefined,
  };
}

/**
 * Generates and stores a loan contract for a signed request. The full name comes from the KYC
 * record (verified users only); individuals get the retail contract, business entities the
 * exempt one. The pool, tranche and APY it names are read from the chain (`pools`); deposits
 * under it must be on those terms (`requireAcceptedAgreement`).
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
    terms: LoanContractTerms;
    /** the chain's pools (read after the signature is verified) */
    pools: () => Promise<readonly Pool[]>;
    appName: string;
    now?: number;
  },
): Promise<GeneratedContract> {
  const address = args.address.toLowerCase() as Address;
  const message = buildLenderAgreementMessage({
    address,
    depositAmount: args.depositAmount,
    ...args.terms,
    timestamp: args.timestamp,
    chainId: args.chainId,
  });
  await verifySignedRequest(db, {
    address,
    message,
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
  const terms = describeTerms(await args.pools(), args.terms);
  const { contractMessage, formatted } = renderContract({
    fullName: customer.fullName,
    address,
    depositAmount: formatUsdc(parseUnits(args.depositAmount, 6)),
    terms,
    contractType,
    date: formatDateTime(new Date(args.now ?? Date.now())),
    appName: args.appName,
  });
  const row = await db.transaction(async (tx) => {
    await consumeSignature(tx, { address, message, purpose: "lender-agreement" });
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

/** A signed request about one stored contract (download, acceptance). */
interface SignedContractRequest {
  chainId: number;
  address: Address;
  id: number;
  signature: Hex;
  timestamp: number;
  now?: number;
}

/**
 * The stored contract `id` of the signer: the signature over `message` (built from the
 * lowercased address) is checked first, fresh within 5 minutes.
 *
 * @throws {HttpError} 401 bad or stale signature, 404 no such contract for the address.
 */
async function signedAgreement(
  db: Database,
  args: SignedContractRequest,
  message: (address: Address) => string,
) {
  const address = args.address.toLowerCase() as Address;
  const text = message(address);
  await verifySignedRequest(db, {
    address,
    message: text,
    signature: args.signature,
    timestamp: args.timestamp,
    now: args.now,
  });
  const row = await findLenderAgreement(db, args.chainId, address, args.id);
  if (!row) throw notFound(`No loan contract ${args.id} for ${address}`);
  return { address, row, message: text };
}

/**
 * A stored contract for a signed download request ("a request for contract content for
 * {address}/{id} at {timestamp} on chain {chainId}"). Reading does not consume the signature (view then download
 * may reuse it within its 5 minutes).
 */
export async function readSignedContract(db: Database, args: SignedContractRequest) {
  const { row } = await signedAgreement(db, args, (address) =>
    buildContractDownloadMessage({
      address,
      id: args.id,
      timestamp: args.timestamp,
      chainId: args.chainId,
    }),
  );
  return row;
}

export const CONTRACT_EXPIRED_MESSAGE = lend.contractExpired;
export const CONTRACT_NOT_ACCEPTED_MESSAGE = loanContract.notAccepted;
export const CONTRACT_AMOUNT_MESSAGE = loanContract.amountAboveContract;
export const CONTRACT_TERMS_MESSAGE = loanContract.otherTerms;

/** A contract can be accepted, and deposited against, for 5 minutes after it was requested. */
function isContractLive(row: { timestamp: number }, now: number): boolean {
  return now - row.timestamp <= LOAN_CONTRACT_VALIDITY_MS;
}

/**
 * Records the signed acceptance of a generated contract ("an acceptance of loan contract {id}
 * by {address} at {timestamp} on chain {chainId}"): fresh signature, the signer's own live contract, each signature
 * used once.
 *
 * @throws {HttpError} 401 bad or stale signature, 404 no such contract for the address,
 *   410 the contract expired, 409 the signature was already used.
 */
export async function acceptLenderAgreement(db: Database, args: SignedContractRequest) {
  const now = args.now ?? Date.now();
  const { address, row, message } = await signedAgreement(db, { ...args, now }, (signer) =>
    buildLoanContractAcceptanceMessage({
      address: signer,
      id: args.id,
      timestamp: args.timestamp,
      chainId: args.chainId,
    }),
  );
  if (!isContractLive(row, now)) throw new HttpError(410, CONTRACT_EXPIRED_MESSAGE);
  return db.transaction(async (tx) => {
    await consumeSignature(tx, { address, message, purpose: "contract-accept" });
    return markLenderAgreementAccepted(tx, row.id, {
      signature: args.signature,
      timestamp: args.timestamp,
      acceptedAt: new Date(now),
    });
  });
}

/**
 * The deposit authorisation's precondition: the user accepted this live contract, the deposit is
 * on its terms (pool, tranche, APY; a contract without them, v1, never is), and the amount (USDC,
 * 6 decimals) is at most the contract's (a swap deposits its minimum out, below the quote).
 *
 * @throws {HttpError} 404 no such contract, 409 not accepted, other terms or amount too high,
 *   410 expired.
 */
export async function requireAcceptedAgreement(
  db: Database,
  args: {
    chainId: number;
    address: Address;
    id: number;
    amount: bigint;
    terms: LoanContractTerms;
    now?: number;
  },
) {
  const row = await findLenderAgreement(db, args.chainId, args.address, args.id);
  if (!row) throw notFound(`No loan contract ${args.id} for ${args.address.toLowerCase()}`);
  if (!row.acceptedAt) throw conflict(CONTRACT_NOT_ACCEPTED_MESSAGE);
  if (!isContractLive(row, args.now ?? Date.now())) {
    throw new HttpError(410, CONTRACT_EXPIRED_MESSAGE);
  }
  const agreed = (JSON.parse(row.formattedMessage) as FormattedContract).terms;
  const same = (a: LoanContractTerms[keyof LoanContractTerms], b: string) =>
    BigInt(a) === BigInt(b);
  if (
    !agreed ||
    !same(args.terms.poolId, agreed.poolId) ||
    !same(args.terms.trancheId, agreed.trancheId) ||
    !same(args.terms.fixedTermConfigId, agreed.fixedTermConfigId)
  ) {
    throw conflict(CONTRACT_TERMS_MESSAGE);
  }
  if (args.amount > parseUnits(row.depositAmount, 6)) throw conflict(CONTRACT_AMOUNT_MESSAGE);
  return row;
}
