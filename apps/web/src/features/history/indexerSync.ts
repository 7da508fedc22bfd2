import type { IndexerSync } from "@lending/sdk";
import { ApiError, apiGet } from "@/lib/api";

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Checks the answer of `GET /api/indexer-sync`. By hand, not with zod (./api): the lag notice of
 * every public page reads it, and zod would be about 30 KB of a visitor's JavaScript.
 */
export function parseIndexerSync(body: unknown): IndexerSync | string {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof b.indexedBlock !== "string") return "indexedBlock: expected a string";
  if (!isNumber(b.indexedTimestamp)) return "indexedTimestamp: expected a number";
  if (b.chainBlock !== null && typeof b.chainBlock !== "string")
    return "chainBlock: expected a string or null";
  if (b.chainTimestamp !== null && !isNumber(b.chainTimestamp))
    return "chainTimestamp: expected a number or null";
  if (!isNumber(b.behindSeconds) || b.behindSeconds < 0)
    return "behindSeconds: expected a number from 0";
  return {
    indexedBlock: b.indexedBlock,
    indexedTimestamp: b.indexedTimestamp,
    chainBlock: b.chainBlock,
    chainTimestamp: b.chainTimestamp,
    behindSeconds: b.behindSeconds,
  };
}

/** How far the indexer is behind the chain (`GET /api/indexer-sync`). */
export async function fetchIndexerSync(): Promise<IndexerSync> {
  const parsed = parseIndexerSync(await apiGet<unknown>("/api/indexer-sync"));
  if (typeof parsed === "string") {
    throw new ApiError(502, `unexpected /api/indexer-sync response: ${parsed}`);
  }
  return parsed;
}
