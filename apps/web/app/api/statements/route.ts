import { statementFileName, statements as copy } from "@lending/sdk";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import { initialEpochTimes } from "@/server/services/initial-reads";
import { enforceRateLimit, renamed429 } from "@/server/services/rate-limit";
import { requireWalletSession, siteOf } from "@/server/services/sessions";
import {
  STATEMENT_RATE_LIMIT,
  lenderStatement,
  statementCsv,
  statementPdf,
  statementPeriodOf,
} from "@/server/services/statements";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

const query = z
  .object({
    user: addressSchema,
    period: z.string({ error: "period is required" }),
    format: z
      .enum(["csv", "pdf", "json"], { error: "format must be csv, pdf or json" })
      .default("csv"),
  })
  .strict();

/**
 * GET /api/statements?user=0x..&period=2026-Q3&format=csv|pdf|json: the lender's statement for a
 * month (2026-07), a quarter (2026-Q3) or a year (2026), UTC. The wallet's own session only (401
 * without one, 403 for another wallet, a second wallet of the same person included, both before
 * any chain read); 400 for a malformed period (session or not) or, for the owner, a future one;
 * 10 statements a minute per lender (429 past it); 503 when the chain or the indexer is
 * unavailable.
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, query);
  let period = statementPeriodOf(q.period, Number.MAX_SAFE_INTEGER); // its form only
  // the wallet's own session before anything else is read: a stranger costs no chain read
  const db = await database();
  await requireWalletSession(db, request, siteOf(request, serverConfig()), q.user);
  const wallTime = Math.floor(Date.now() / 1000);
  if (period.start > wallTime) {
    // not started by this clock, perhaps by the chain's when that runs ahead (a local chain
    // moved by the demo controls): the chain decides, as the portfolio's period choices do
    const chainTime = (await initialEpochTimes())?.data.chainTime ?? 0;
    period = statementPeriodOf(q.period, Math.max(wallTime, chainTime));
  }
  await enforceRateLimit(db, [`statements:${q.user.toLowerCase()}`], STATEMENT_RATE_LIMIT).catch(
    renamed429(copy.tooMany),
  );
  const statement = await lenderStatement(q.user as `0x${string}`, period);
  const headers = (type: string, ext: "csv" | "pdf") => ({
    "content-type": type,
    "content-disposition": `attachment; filename="${statementFileName(statement, ext)}"`,
    "cache-control": "no-store",
  });
  if (q.format === "pdf") {
    const pdf = await statementPdf(statement);
    return new Response(new Uint8Array(pdf), { headers: headers("application/pdf", "pdf") });
  }
  if (q.format === "csv") {
    return new Response(statementCsv(statement), {
      headers: headers("text/csv; charset=utf-8; header=present", "csv"),
    });
  }
  return JSON.parse(
    JSON.stringify(statement, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
  ) as unknown;
});
