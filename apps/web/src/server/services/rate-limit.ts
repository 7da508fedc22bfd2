import { lt, sql } from "drizzle-orm";
import { serverConfig, type ServerConfig } from "@/config/server";
import type { Executor } from "../db/types";
import { rateLimits } from "../db/schema";
import { HttpError, tooManyRequests } from "../http/errors";

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * Default: state-changing requests per minute per IP and per address, 30 unless the deployment
 * says otherwise (RATE_LIMIT_POSTS_PER_MINUTE).
 */
export const postRateLimit = (config: ServerConfig = serverConfig()): RateLimitRule => ({
  limit: config.rateLimits.postsPerMinute,
  windowMs: 60_000,
});
/**
 * Reads: GETs per minute per IP, over every GET /api endpoint together (apiHandler), 120 unless
 * the deployment says otherwise (RATE_LIMIT_READS_PER_MINUTE).
 */
export const readRateLimit = (config: ServerConfig = serverConfig()): RateLimitRule => ({
  limit: config.rateLimits.readsPerMinute,
  windowMs: 60_000,
});
/** Client error logs: 20 per minute per IP. */
export const LOG_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60_000 };
/** Client error logs of all clients together: 10,000 per UTC day (windows start at midnight). */
export const LOG_DAILY_LIMIT: RateLimitRule = { limit: 10_000, windowMs: 86_400_000 };

/**
 * A fixed-window counter in the database (shared by every web server): counts one hit for each
 * key and throws 429 (with `Retry-After`: the seconds until the window ends) once any key is over
 * its limit in the current window. Answers each key's count in the window.
 */
export async function enforceRateLimit(
  db: Executor,
  keys: string[],
  rule: RateLimitRule = postRateLimit(),
  now: number = Date.now(),
): Promise<number[]> {
  const windowStart = new Date(now - (now % rule.windowMs));
  const counts: number[] = [];
  for (const key of keys) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    const count = row?.count ?? 0;
    if (count > rule.limit) {
      throw tooManyRequests((windowStart.getTime() + rule.windowMs - now) / 1000);
    }
    counts.push(count);
  }
  // Old windows are useless: a cheap sweep now and then keeps the table small.
  if (Math.random() < 0.02) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 86_400_000)));
  }
  return counts;
}

/** A 429 of a rate-limit counter, told in this flow's words (Retry-After kept). */
export function renamed429(what: string) {
  return (error: unknown): never => {
    if (error instanceof HttpError && error.statusCode === 429) {
      throw tooManyRequests(Number(error.extra.retryAfter ?? 60), what);
    }
    throw error;
  };
}
