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
};

/** What anyone may read of a wallet's KYC (GET /api/kyc without the owner's session). */
export type PublicKycInfo = Pick<KycInfo, "address" | "status" | "provider">;

/** The public part of a KYC record: the status the UI gates lending on, nothing personal. */
export const publicKycInfo = (info: KycInfo): PublicKycInfo => ({
  address: info.address,
  status: info.status,
  provider: info.provider,
});

/** Statuses that let a user lend (spec section 6). */
export const KYC_COMPLETED_STATUSES: readonly string[] = ["Active", "No Email"];

export const isKycCompleted = (status: string) => KYC_COMPLETED_STATUSES.includes(status);

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
