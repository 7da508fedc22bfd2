import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/types";
import { accounts, accountWallets } from "../db/schema";

/**
 * The confirmed email of the account `address` belongs to (its embedded wallet or a linked one),
 * or null: an email or Google user's KYC starts with that email (issue 14, item 7): the address
 * proved by the sign-in code, or the email Google verified.
 */
export async function confirmedEmailOf(db: Executor, address: string): Promise<string | null> {
  const [row] = await db
    .select({ email: sql<string>`coalesce(${accounts.email}, ${accounts.googleEmail})` })
    .from(accountWallets)
    .innerJoin(accounts, eq(accounts.id, accountWallets.accountId))
    .where(
      and(
        eq(accountWallets.address, address.toLowerCase()),
        sql`coalesce(${accounts.email}, ${accounts.googleEmail}) is not null`,
      ),
    )
    .orderBy(asc(accountWallets.linkedAt))
    .limit(1);
  return row?.email ?? null;
}
