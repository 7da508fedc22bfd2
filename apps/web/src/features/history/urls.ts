/** The history routes' URLs (no zod: safe to import from the page's first-load code). */

/** `/api/transactions?user=&page=&pageSize=` for a user (lowercased) and a 1-based page. */
export function transactionsUrl(user: string, page: number, pageSize: number): string {
  const q = new URLSearchParams({
    user: user.toLowerCase(),
    page: String(page),
    pageSize: String(pageSize),
  });
  return `/api/transactions?${q}`;
}

/** The server-built CSV of the user's whole history. */
export function transactionsCsvUrl(user: string): string {
  return `/api/transactions/csv?${new URLSearchParams({ user: user.toLowerCase() })}`;
}
