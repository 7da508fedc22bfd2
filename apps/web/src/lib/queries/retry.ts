/**
 * The default retry of the wallet stack's reads (its query client, lib/stack/live.tsx); apart
 * from ./recovery so the error mapping it reads loads with the stack, not in a visitor's page.
 */
import { isRpcUnreachable } from "@/lib/errors";

/**
 * The default retry of a read: once, except when the RPC did not answer (the transport already
 * tried twice; the page then shows the error at once and keeps polling instead).
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isRpcUnreachable(error);
}
