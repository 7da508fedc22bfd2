import type { KycStatus } from "../../db/schema";
import type { Executor } from "../../db/types";
import { UpstreamError } from "../../http/errors";

export type { KycStatus };

/** What GET /api/kyc answers: the status and the customer's information. */
export type KycInfo = {
  address: string;
  /** "Not started" when the provider knows nothing of the address */
  status: KycStatus | "Not started";
  entityType?: "individual" | "business";
  fullName?: string;
  email?: string | null;
  provider: string;
  /**
   * The verified person (issue 24): the provider's customer or identity id, the same for every
   * wallet of one person. Personal: never in {@link PublicKycInfo}.
   */
  identityId?: string;
  /** Why the review approved or rejected it, as the operator told the lender (issue 27) */
  reviewReason?: string;
};

/** What anyone may read of a wallet's KYC (GET /api/kyc without the owner's session). */
export type PublicKycInfo = Pick<KycInfo, "address" | "status" | "provider">;

/** The public part of a KYC record: the status the UI gates lending on, nothing personal. */
export const publicKycInfo = (info: KycInfo): PublicKycInfo => ({
  address: info.address,
  status: info.status,
  provider: info.provider,
});

/** What the wallet's own session reads: the record without the provider's identity id. */
export const ownerKycInfo = ({ identityId: _, ...info }: KycInfo): Omit<KycInfo, "identityId"> =>
  info;

/** Statuses that let a user lend (spec section 6). */
export const KYC_COMPLETED_STATUSES: readonly string[] = ["Active", "No Email"];

export const isKycCompleted = (status: string) => KYC_COMPLETED_STATUSES.includes(status);

const normalised = (text: string | null | undefined) =>
  text?.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase() || undefined;

/**
 * Whether two wallets' verifications are the same person (issue 24: a second wallet must not
 * refer the first): the same provider identity id, or the same verified email, or, when the
 * provider gives no identity id for either, the same full name.
 */
export function sameKycIdentity(a: KycInfo, b: KycInfo): boolean {
  if (a.identityId && b.identityId && a.identityId === b.identityId) return true;
  const email = normalised(a.email);
  if (email && email === normalised(b.email)) return true;
  if (!a.identityId && !b.identityId) {
    const name = normalised(a.fullName);
    if (name && name === normalised(b.fullName)) return true;
  }
  return false;
}

/** An identity verification provider: the built-in local one, or Compilot over HTTP. */
export interface KycProvider {
  readonly name: string;
  /** The customer's status and information (status "Not started" when unknown). */
  getCustomer(address: string): Promise<KycInfo>;
  /** Opens a verification for a wallet that proved ownership; answers where the widget lives. */
  startVerification(args: {
    address: string;
    isIndividual: boolean;
  }): Promise<{ widgetUrl: string; sessionId: string }>;
  /**
   * Replaces the email of a verified customer ("No Email" becomes "Active"). The local provider
   * writes through `db` when given (the caller's transaction); Compilot's is an HTTP call.
   */
  updateEmail(address: string, email: string, db?: Executor): Promise<KycInfo>;
}

export const KYC_PROVIDER_DOWN_MESSAGE =
  "The identity verification provider is unavailable: try again later";

/** The KYC provider failed or is unreachable: the API answers 503 (see {@link UpstreamError}). */
export class KycProviderError extends UpstreamError {
  override name = "KycProviderError";
  constructor(message: string) {
    super(message, KYC_PROVIDER_DOWN_MESSAGE);
  }
}
