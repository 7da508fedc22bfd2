import { and, eq, inArray, sql } from "drizzle-orm";
import type { Address } from "viem";
import type { Executor } from "../db/types";
import { firstDeposits } from "../db/schema";

/** Looks up the first deposit of many users in one batched query (see `firstDepositsOf`). */
export type FirstDepositsLookup = (
  chainId: number,
  users: readonly Address[],
) => Promise<Map<Address, bigint>>;

/** How long "no deposit yet" is believed before the chain is asked again. */
export const NO_DEPOSIT_TTL_MS = 30_000;

/** One lookup at a time per set of users in this process (a burst of GETs shares it). */
const inFlight = new Map<string, Promise<Map<Address, bigint>>>();

function sharedLookup(lookup: FirstDepositsLookup, chainId: number, users: Address[]) {
  const key = `${chainId}:${[...users].sort().join(",")}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = lookup(chainId, users).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * The first deposit of each of `users` (0n when none), from the `first_deposits` cache shared by
 * every web server. A found deposit never changes and is kept; a missing user, or one without a
 * deposit checked more than {@link NO_DEPOSIT_TTL_MS} ago, is looked up again, all of them in one
 * batched query.
 */
export async function cachedFirstDeposits(
  db: Executor,
  lookup: FirstDepositsLookup,
  chainId: number,
  users: readonly Address[],
  now: number = Date.now(),
): Promise<Map<Address, bigint>> {
  const result = new Map<Address, bigint>();
  if (users.length === 0) return result;
  const lower = [...new Set(users.map((u) => u.toLowerCase() as Address))];
  const rows = await db
    .select()
    .from(firstDeposits)
    .where(and(eq(firstDeposits.chainId, chainId), inArray(firstDeposits.user, lower)));
  const fresh = new Set<string>();
  for (const r of rows) {
    if (r.amount !== null) {
      result.set(r.user as Address, BigInt(r.amount));
      fresh.add(r.user);
    } else if (now - r.checkedAt.getTime() < NO_DEPOSIT_TTL_MS) {
      result.set(r.user as Address, 0n);
      fresh.add(r.user);
    }
  }
  const stale = lower.filter((u) => !fresh.has(u));
  if (stale.length === 0) return result;
  const found = await sharedLookup(lookup, chainId, stale);
  const checkedAt = new Date(now);
  await db
    .insert(firstDeposits)
    .values(
      stale.map((user) => ({
        chainId,
        user,
        amount: found.get(user)?.toString() ?? null,
        checkedAt,
      })),
    )
    .onConflictDoUpdate({
      target: [firstDeposits.chainId, firstDeposits.user],
      // a first deposit, once known, stays the first
      set: {
        amount: sql`coalesce(${firstDeposits.amount}, excluded.amount)`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
  for (const user of stale) result.set(user, found.get(user) ?? 0n);
  return result;
}
