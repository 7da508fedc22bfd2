/**
 * The identity review queue's decisions (issue 27, "one implementation per action"): the ops CLI's
 * `kyc:approve` / `kyc:reject` and the console's queue both call {@link reviewVerification}. The
 * decision, its reason (the lender sees it) and the audit row are written in one transaction.
 * No "@/" imports: the ops CLI imports this file too.
 */
import type { Database } from "../../db/client";
import { LocalKycProvider } from "../kyc/local";
import type { KycInfo } from "../kyc/types";
import { recordAudit } from "./audit";

export const MAX_REASON_LENGTH = 500;

export class ReviewReasonError extends Error {
  override name = "ReviewReasonError";
}

/** The review queue: verifications waiting for a decision, oldest first. */
export function reviewQueue(db: Database): Promise<KycInfo[]> {
  return new LocalKycProvider(db).list(["To be reviewed"]);
}

/**
 * Approves or rejects `address`'s verification with `reason` (required for a rejection: the
 * lender is told why), recorded in the audit trail as done by `actor`.
 */
export async function reviewVerification(
  db: Database,
  args: {
    chainId: number;
    actor: string;
    address: string;
    decision: "approve" | "reject";
    reason?: string;
  },
): Promise<KycInfo> {
  const reason = args.reason?.trim() ?? "";
  if (reason.length > MAX_REASON_LENGTH) {
    throw new ReviewReasonError(`The reason is longer than ${MAX_REASON_LENGTH} characters`);
  }
  if (args.decision === "reject" && !reason) {
    throw new ReviewReasonError("A rejection needs a reason: the lender is told why");
  }
  return db.transaction(async (tx) => {
    const info = await new LocalKycProvider(tx as unknown as Database).review(
      args.address,
      args.decision,
      reason || null,
    );
    await recordAudit(tx, {
      chainId: args.chainId,
      actor: args.actor,
      action: `kyc:${args.decision}`,
      target: info.address,
      reason,
      details: { status: info.status },
    });
    return info;
  });
}
