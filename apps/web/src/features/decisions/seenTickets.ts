/**
 * Loan tickets whose pending decisions were already shown to a wallet, remembered in this
 * browser (localStorage, per chain and wallet): the watcher opens Pending decisions by itself
 * only for a ticket not shown before. The newest ids are kept (a bounded list).
 */
const KEEP = 500;

export const seenTicketsKey = (chainId: number, address: string) =>
  `lending.decisions.seen:${chainId}:${address.toLowerCase()}`;

function read(key: string): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((x): x is number => Number.isSafeInteger(x)) : [];
  } catch {
    return [];
  }
}

/** The ids of `ticketIds` not yet shown to this wallet in this browser. */
export function unseenTickets(chainId: number, address: string, ticketIds: readonly number[]) {
  const seen = new Set(read(seenTicketsKey(chainId, address)));
  return ticketIds.filter((id) => !seen.has(id));
}

/** Remembers `ticketIds` as shown to this wallet. */
export function markTicketsSeen(chainId: number, address: string, ticketIds: readonly number[]) {
  const key = seenTicketsKey(chainId, address);
  const all = [...new Set([...read(key), ...ticketIds])].slice(-KEEP);
  try {
    localStorage.setItem(key, JSON.stringify(all));
  } catch {
    // storage full or blocked: the modal may open again on the next page load
  }
}
