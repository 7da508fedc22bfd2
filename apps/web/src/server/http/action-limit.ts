import { headers } from "next/headers";
import { database } from "../context";
import { enforceRateLimit, postRateLimit } from "../services/rate-limit";
import { clientIpFromHeaders, UNIDENTIFIED_CLIENT } from "./client";

/**
 * The client IP of the current server action, read like {@link clientIpFromHeaders} reads a
 * route's Request (TRUST_PROXY's X-Forwarded-For entry, else the socket address instrumentation
 * stamps on every request). Called outside a request (a test calling the action directly), the
 * shared {@link UNIDENTIFIED_CLIENT} bucket, as for a route handler without a socket address.
 */
export async function actionClientIp(): Promise<string> {
  let source: Awaited<ReturnType<typeof headers>>;
  try {
    source = await headers();
  } catch (error) {
    if (error instanceof Error && /outside a request scope/.test(error.message)) {
      return UNIDENTIFIED_CLIENT;
    }
    throw error;
  }
  return clientIpFromHeaders(source);
}

/**
 * Counts a server action against the client IP's {@link postRateLimit} (the key `ip:<ip>` the
 * POST routes count too), first: a 429 HttpError past it, before any RPC or provider call.
 */
export async function enforceActionRateLimit(): Promise<void> {
  await enforceRateLimit(await database(), [`ip:${await actionClientIp()}`], postRateLimit());
}
