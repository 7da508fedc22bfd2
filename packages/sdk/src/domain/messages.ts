/**
 * The exact texts a wallet signs for the server (spec section 7). The browser builds the message
 * with these functions and signs it; the server rebuilds it from the request and verifies the
 * signature, so both sides always agree. Addresses are lowercased; timestamps are in ms. Every
 * message ends with " on chain {chainId}" ({@link signedMessage}), so a signature given to one
 * chain's server is refused by another's.
 */

/**
 * The one builder of every signed message: the spec's wording followed by " on chain {chainId}".
 *
 * @example signedMessage("a request for contract content for 0xab../7 at 1", 8453)
 * // "a request for contract content for 0xab../7 at 1 on chain 8453"
 */
export function signedMessage(text: string, chainId: number): string {
  return `${text} on chain ${chainId}`;
}

/** An opt-in / opt-out decision on a loan ticket (spec "Opt in/out payload"). */
export type LoanTicketDecisionStatus = "optedIn" | "optedOut";

export type LoanTicketDecision = {
  endBorrowerID: string;
  poolID: string;
  trancheID: string;
  status: LoanTicketDecisionStatus;
};

const lower = (address: string) => address.toLowerCase();

/** An email address as stored and signed: trimmed and lowercased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The message signed before POST /api/loan-tickets: one line per request, then the timestamp.
 *
 * @example
 * buildLoanTicketMessage({ userID: "0xAb..", requests: [{ endBorrowerID: "b1", poolID: "0", trancheID: "1", status: "optedIn" }], timestamp: 1700000000000, chainId: 8453 })
 * // "Loan ticket decisions of 0xab..\n1. borrower b1, pool 0, tranche 1: optedIn\nTimestamp: 1700000000000 on chain 8453"
 */
export function buildLoanTicketMessage(args: {
  userID: string;
  requests: readonly LoanTicketDecision[];
  timestamp: number;
  chainId: number;
}): string {
  const lines = args.requests.map(
    (r, i) =>
      `${i + 1}. borrower ${r.endBorrowerID}, pool ${r.poolID}, tranche ${r.trancheID}: ${r.status}`,
  );
  return signedMessage(
    [
      `Loan ticket decisions of ${lower(args.userID)}`,
      ...lines,
      `Timestamp: ${args.timestamp}`,
    ].join("\n"),
    args.chainId,
  );
}

/** What a loan contract is for: the pool, the tranche and the APY (0: variable, else fixed-term config). */
export interface LoanContractTerms {
  poolId: bigint | number | string;
  trancheId: bigint | number | string;
  fixedTermConfigId: bigint | number | string;
}

/**
 * The message signed to generate a loan contract (POST /api/lender-agreements): the lender asks
 * for a contract on these terms (the server writes them into the contract and authorises
 * deposits only on them).
 *
 * @example buildLenderAgreementMessage({ address: "0xAb..", depositAmount: "100", poolId: 1, trancheId: 2, fixedTermConfigId: 0, timestamp: 1, chainId: 8453 })
 * // "a request for a loan contract for 0xab.. to deposit 100 USDC into pool 1, tranche 2, variable APY at 1 on chain 8453"
 */
export function buildLenderAgreementMessage(
  args: {
    address: string;
    depositAmount: string;
    timestamp: number;
    chainId: number;
  } & LoanContractTerms,
): string {
  const apy =
    BigInt(args.fixedTermConfigId) === 0n
      ? "variable APY"
      : `fixed-term APY ${BigInt(args.fixedTermConfigId)}`;
  return signedMessage(
    `a request for a loan contract for ${lower(args.address)} to deposit ${args.depositAmount} USDC into pool ${BigInt(args.poolId)}, tranche ${BigInt(args.trancheId)}, ${apy} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message signed to accept a generated loan contract (spec section 6: accepting requires a
 * wallet signature). The server records the acceptance; the deposit carries the signature and
 * timestamp on chain (LoanContractAccepted).
 *
 * @example buildLoanContractAcceptanceMessage({ address: "0xAb..", id: 7, timestamp: 1, chainId: 8453 })
 * // "an acceptance of loan contract 7 by 0xab.. at 1 on chain 8453"
 */
export function buildLoanContractAcceptanceMessage(args: {
  address: string;
  id: number | string;
  timestamp: number;
  chainId: number;
}): string {
  return signedMessage(
    `an acceptance of loan contract ${args.id} by ${lower(args.address)} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message signed to view or download a generated contract (spec section 7, verbatim).
 *
 * @example buildContractDownloadMessage({ address: "0xAb..", id: 7, timestamp: 1, chainId: 8453 })
 * // "a request for contract content for 0xab../7 at 1 on chain 8453"
 */
export function buildContractDownloadMessage(args: {
  address: string;
  id: number | string;
  timestamp: number;
  chainId: number;
}): string {
  return signedMessage(
    `a request for contract content for ${lower(args.address)}/${args.id} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message signed to apply a referral code (GET /api/referral returns it, POST verifies it).
 * It has no timestamp because the POST body of the spec has none; a signature is accepted once.
 *
 * @example buildReferralMessage({ owner: "0xA", referrer: "0xB", chainId: 8453 })
 * // "I confirm that 0xb referred 0xa on chain 8453"
 */
export function buildReferralMessage(args: {
  owner: string;
  referrer: string;
  chainId: number;
}): string {
  return signedMessage(
    `I confirm that ${lower(args.referrer)} referred ${lower(args.owner)}`,
    args.chainId,
  );
}

/**
 * The message signed to start identity verification (POST /api/kyc-challenge).
 *
 * @example buildKycChallengeMessage({ address: "0xA", isIndividual: true, timestamp: 1, chainId: 8453 })
 * // "a request to verify the identity of 0xa as an individual at 1 on chain 8453"
 */
export function buildKycChallengeMessage(args: {
  address: string;
  isIndividual: boolean;
  timestamp: number;
  chainId: number;
}): string {
  const entity = args.isIndividual ? "an individual" : "a business entity";
  return signedMessage(
    `a request to verify the identity of ${lower(args.address)} as ${entity} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message signed to change the email of a verified account (POST /api/email-challenge).
 *
 * @example buildEmailChallengeMessage({ address: "0xA", email: "a@b.c", timestamp: 1, chainId: 8453 })
 * // "a request to set the email of 0xa to a@b.c at 1 on chain 8453"
 */
export function buildEmailChallengeMessage(args: {
  address: string;
  email: string;
  timestamp: number;
  chainId: number;
}): string {
  return signedMessage(
    `a request to set the email of ${lower(args.address)} to ${normalizeEmail(args.email)} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message signed to confirm an email address with the code mailed to it (POST
 * /api/email-challenge/confirm). The code itself is not in the message: a wrong code can be
 * corrected without signing again.
 *
 * @example buildEmailConfirmationMessage({ address: "0xA", email: "a@b.c", timestamp: 1, chainId: 8453 })
 * // "a confirmation of the email a@b.c for 0xa at 1 on chain 8453"
 */
export function buildEmailConfirmationMessage(args: {
  address: string;
  email: string;
  timestamp: number;
  chainId: number;
}): string {
  return signedMessage(
    `a confirmation of the email ${normalizeEmail(args.email)} for ${lower(args.address)} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message an embedded wallet signs when it is created (POST /api/auth/account/embedded): it
 * proves the browser holds the key of the address it registers for the account.
 *
 * @example buildEmbeddedWalletMessage({ accountId: 7, address: "0xA", timestamp: 1, chainId: 8453 })
 * // "a registration of the embedded wallet 0xa for account 7 at 1 on chain 8453"
 */
export function buildEmbeddedWalletMessage(args: {
  accountId: number;
  address: string;
  timestamp: number;
  chainId: number;
}): string {
  return signedMessage(
    `a registration of the embedded wallet ${lower(args.address)} for account ${args.accountId} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message a wallet signs to be linked to a signed-in account (POST
 * /api/auth/account/wallets): only the wallet's owner can link it.
 *
 * @example buildLinkWalletMessage({ accountId: 7, address: "0xA", timestamp: 1, chainId: 8453 })
 * // "a request to link the wallet 0xa to account 7 at 1 on chain 8453"
 */
export function buildLinkWalletMessage(args: {
  accountId: number;
  address: string;
  timestamp: number;
  chainId: number;
}): string {
  return signedMessage(
    `a request to link the wallet ${lower(args.address)} to account ${args.accountId} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The message the embedded wallet signs to store its recovery backup (PUT
 * /api/auth/account/backup): `digest` is the SHA-256 (hex) of the backup's JSON as sent, so a
 * stolen session alone cannot replace the backup with another.
 *
 * @example buildWalletBackupMessage({ accountId: 7, address: "0xA", digest: "ab", timestamp: 1, chainId: 8453 })
 * // "a recovery backup ab of the embedded wallet 0xa for account 7 at 1 on chain 8453"
 */
export function buildWalletBackupMessage(args: {
  accountId: number;
  address: string;
  digest: string;
  timestamp: number;
  chainId: number;
}): string {
  return signedMessage(
    `a recovery backup ${args.digest.toLowerCase()} of the embedded wallet ${lower(args.address)} for account ${args.accountId} at ${args.timestamp}`,
    args.chainId,
  );
}

/**
 * The canonical JSON of a recovery backup (fixed key order, lowercased address): its SHA-256 is
 * the `digest` of {@link buildWalletBackupMessage}, computed the same way in the browser and on
 * the server.
 */
export function walletBackupCanonicalJson(backup: {
  version: number;
  address: string;
  kdf: {
    algorithm: string;
    memoryKiB: number;
    iterations: number;
    parallelism: number;
    salt: string;
  };
  iv: string;
  ciphertext: string;
}): string {
  return JSON.stringify({
    version: backup.version,
    address: lower(backup.address),
    kdf: {
      algorithm: backup.kdf.algorithm,
      memoryKiB: backup.kdf.memoryKiB,
      iterations: backup.kdf.iterations,
      parallelism: backup.kdf.parallelism,
      salt: backup.kdf.salt,
    },
    iv: backup.iv,
    ciphertext: backup.ciphertext,
  });
}
