import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { TransactionsCsvQuery, transactionsCsv } from "@/server/services/transactions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/transactions/csv?user=0x..: the lender's whole history as an RFC 4180 CSV download.
 * Public on-chain data; 503 JSON when the indexer is down.
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, TransactionsCsvQuery);
  const csv = await transactionsCsv(q);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="transactions-${q.user}.csv"`,
      "cache-control": "no-store",
    },
  });
});
