"use client";

import { useState } from "react";

/** The parts of a react-query result that say whether a read failed. */
interface ReadResult {
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  errorUpdateCount: number;
}

/**
 * Whether a read has failed and not answered since, with its last error (issue 25). A read that
 * is tried again after failing, with nothing read yet, goes back to "pending" in react-query:
 * the page keeps its error (with Retry marked as running) instead of flashing a skeleton at each
 * attempt. Null once the read answers.
 */
export function useFailure(query: ReadResult): { error: unknown; retrying: boolean } | null {
  const [last, setLast] = useState<unknown>(null);
  // derived state: remember the newest error while the next attempt runs
  if (query.error && query.error !== last) setLast(query.error);
  const failed = Boolean(query.error) || (query.isPending && query.errorUpdateCount > 0);
  return failed ? { error: query.error ?? last, retrying: query.isFetching } : null;
}
