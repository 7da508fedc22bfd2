import { sql } from "drizzle-orm";
import type { Address } from "viem";
import type { Executor } from "../db/types";
import { firstDeposits } from "../db/schema";
import { DEFAULT_NO_DEPOSIT_TTL_MS } from "../../config/schema";

/** Looks up the first deposit of many users in one batched query (see `firstDepositsOf`). */
export type FirstDepositsLookup = (
  chainId: number,
  users: readonly Address[],
) => Promise<Map<Address, bigint>>;

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

/** A user and what the cache holds for them (`checkedAt` null: not cached). */
export type CachedDeposit = { user: string; amount: string | null; checkedAt: Date | null };

/**
 * The first deposit of each user of `entries` (0n when none), from what the `first_deposits`
 * cache (shared by every web server) held for them, read by the caller (e.g. joined with the page
 * of referrals). A found deposit never changes and is kept; a user not cached, or cached without
 * a deposit more than `noDepositTtlMs` ago (the server's NO_DEPOSIT_TTL_MS setting, 30 s by
 * default) is looked up again, all of them in one batched query, and stored.
 */
export async function resolveFirstDeposits(
  db: Executor,
  lookup: FirstDepositsLookup,
  chainId: number,
  entries: readonly CachedDeposit[],
  now: number = Date.now(),
  noDepositTtlMs: number = DEFAULT_NO_DEPOSIT_TTL_MS,
): Promise<Map<Address, bigint>> {
  const result = new Map<Address, bigint>();
  const stale: Address[] = [];
  for (const e of entries) {
    const user = e.user.toLowerCase() as Address;
    if (e.amount !== null) result.set(user, BigInt(e.amount));
    else if (e.checkedAt && now - e.checkedAt.getTime() < noDepositTtlMs) result.set(user, 0n);
    else if (!stale.includes(user)) stale.push(user);
  }
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
