import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/types";
import { lenderAgreements } from "../db/schema";

export type NewLenderAgreement = typeof lenderAgreements.$inferInsert;

export async function insertLenderAgreement(db: Executor, row: NewLenderAgreement) {
  const [inserted] = await db.insert(lenderAgreements).values(row).returning();
  return inserted!;
}

export async function findLenderAgreement(
  db: Executor,
  chainId: number,
  address: string,
  id: number,
) {
  const [row] = await db
    .select()
    .from(lenderAgreements)
    .where(
      and(
        eq(lenderAgreements.id, id),
        eq(lenderAgreements.chainId, chainId),
        eq(lenderAgreements.address, address.toLowerCase()),
      ),
    );
  return row;
}

export async function agreementsOf(db: Executor, chainId: number, address: string) {
  return db
    .select()
    .from(lenderAgreements)
    .where(
      and(
        eq(lenderAgreements.chainId, chainId),
        eq(lenderAgreements.address, address.toLowerCase()),
      ),
    )
    .orderBy(desc(lenderAgreements.id));
}

/** Records the signed acceptance of a contract (a later acceptance replaces an earlier one). */
export async function markLenderAgreementAccepted(
  db: Executor,
  id: number,
  acceptance: { signature: string; timestamp: number; acceptedAt: Date },
) {
  const [row] = await db
    .update(lenderAgreements)
    .set({
      acceptanceSignature: acceptance.signature,
      acceptanceTimestamp: acceptance.timestamp,
      acceptedAt: acceptance.acceptedAt,
    })
    .where(eq(lenderAgreements.id, id))
    .returning();
  return row!;
}

/** The address's contracts whose recorded acceptance signature is one of `signatures`. */
export async function agreementsBySignature(
  db: Executor,
  chainId: number,
  address: string,
  signatures: string[],
) {
  if (signatures.length === 0) return [];
  return db
    .select({
      id: lenderAgreements.id,
      timestamp: lenderAgreements.timestamp,
      acceptanceSignature: lenderAgreements.acceptanceSignature,
    })
    .from(lenderAgreements)
    .where(
      and(
        eq(lenderAgreements.chainId, chainId),
        eq(lenderAgreements.address, address.toLowerCase()),
        inArray(
          sql`lower(${lenderAgreements.acceptanceSignature})`,
          signatures.map((s) => s.toLowerCase()),
        ),
      ),
    );
}
