/**
 * Test helper process (scripts/src/lib/db.test.ts): writes loan tickets through the tools'
 * database path (`openToolDatabase`: DATABASE_URL, the served database on DB_PORT, or the folder),
 * as another process would while `npm start` runs.
 *
 *   node --import tsx scripts/src/lib/db-writer.ts <tag> <count>
 *
 * Ticket i gets borrower id `<tag>-<i>`; odd ones are written inside a transaction that also
 * reads the tag's count (so transactions interleave with the other process's plain inserts).
 * Prints `wrote <count>` when done.
 */
import { count, like } from "drizzle-orm";
import { loanTickets } from "../../../apps/web/src/server/db/schema";
import { insertLoanTicket } from "../../../apps/web/src/server/repositories/loan-tickets";
import { openToolDatabase } from "./db";

async function main() {
  const [tag, countArg] = process.argv.slice(2);
  const total = Number(countArg);
  if (!tag || !Number.isInteger(total) || total < 1) {
    throw new Error("usage: db-writer.ts <tag> <count>");
  }
  const handle = await openToolDatabase();
  try {
    const ticket = (i: number) => ({
      chainId: 31337,
      poolId: "0",
      trancheId: "0",
      endBorrowerId: `${tag}-${i}`,
      endBorrowerName: `Borrower ${tag} ${i}`,
      assets: "1",
      userAddress: null,
    });
    // a few at a time over the pool, as a server handling concurrent requests
    const inFlight = 4;
    for (let start = 0; start < total; start += inFlight) {
      const batch = Array.from({ length: Math.min(inFlight, total - start) }, (_, k) => start + k);
      await Promise.all(
        batch.map((i) =>
          i % 2 === 0
            ? insertLoanTicket(handle.db, ticket(i))
            : handle.db.transaction(async (tx) => {
                await tx
                  .select({ n: count() })
                  .from(loanTickets)
                  .where(like(loanTickets.endBorrowerId, `${tag}-%`));
                return insertLoanTicket(tx, ticket(i));
              }),
        ),
      );
    }
    console.log(`wrote ${total} (${handle.via})`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
