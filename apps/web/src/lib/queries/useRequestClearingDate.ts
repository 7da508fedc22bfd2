"use client";

import {
  formatDate,
  genesisFromEpochTimes,
  pendingRequestClearingStart,
  requestClearingStart,
} from "@lending/sdk";
import { useNow } from "@/lib/clock";
import { useEpochTimes } from "./hooks";

/**
 * The calendar date (DD.MM.YYYY) of the clearing period that processes a request made now, by
 * the chain's epoch math (`requestClearingStart`) at the chain's time (the last read plus the
 * time since: the local chain's clock can run ahead of the browser's); null until it is read.
 */
export function useRequestClearingDate(): string | null {
  const times = useEpochTimes();
  const now = useNow();
  if (!times.data || now === 0) return null;
  const elapsed = Math.max(0, Math.floor((now - times.dataUpdatedAt) / 1000));
  const start = requestClearingStart(
    genesisFromEpochTimes(times.data),
    times.data.chainTime + elapsed,
  );
  return formatDate(new Date(start * 1000));
}

/**
 * The calendar date (DD.MM.YYYY) of the clearing period that processes a request made at
 * `requestTimestamp` (unix seconds) and still waiting: `pendingRequestClearingStart` at the
 * chain's time; null until it is read.
 */
export function usePendingRequestClearingDate(requestTimestamp: number): string | null {
  const times = useEpochTimes();
  const now = useNow();
  if (!times.data || now === 0) return null;
  const elapsed = Math.max(0, Math.floor((now - times.dataUpdatedAt) / 1000));
  const start = pendingRequestClearingStart(
    genesisFromEpochTimes(times.data),
    requestTimestamp,
    times.data.chainTime + elapsed,
  );
  return formatDate(new Date(start * 1000));
}
