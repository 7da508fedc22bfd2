/**
 * When an indexed view says it is behind the chain, and how it says how far (spec section 4).
 * A module of its own: every public page's lag notice reads it after the page (issue 26), so
 * the rest of the history rules stay out of a visitor's JavaScript.
 */

/** An indexed view says how far it is behind the chain once that is more than this (seconds). */
export const INDEXER_LAG_NOTICE_SECONDS = 60;

/** Whether an indexed view must say it is behind the chain (more than a minute). */
export function isIndexerBehind(sync: { behindSeconds: number } | undefined): boolean {
  return sync !== undefined && sync.behindSeconds > INDEXER_LAG_NOTICE_SECONDS;
}

/** A lag in whole minutes, hours and minutes, or days ("3 min", "2 h 5 min", "4 d"). */
export function formatLag(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}
