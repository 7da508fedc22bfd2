import { z } from "zod";
import { database } from "@/server/context";
import { logs } from "@/server/db/schema";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, chainIdSchema } from "@/server/http/schemas";
import { pruneLogs } from "@/server/services/logs";
import { enforceRateLimit, LOG_DAILY_LIMIT, LOG_RATE_LIMIT } from "@/server/services/rate-limit";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const text = (max: number) => z.string().max(max);

/** Any JSON value: the request's depth bound (16) and size bound (16 KB) already hold it. */
const jsonValue = z.json();

const body = z
  .object({
    error: z
      .object({
        message: text(2000).optional(),
        cause: jsonValue.optional(),
        name: text(200).optional(),
        stack: text(8000).optional(),
      })
      .strict(),
    chainId: chainIdSchema.optional(),
    address: addressSchema.optional(),
    title: text(200).optional(),
    message: text(2000).optional(),
  })
  .strict();

/**
 * POST /api/logging: stores a client error report (16 KB at most; 20 a minute per IP, 10,000 a
 * UTC day from all clients together, then 429 until midnight UTC; reports older than 30 days are
 * pruned as new ones arrive).
 */
export const POST = apiHandler(async (request) => {
  const b = await readJson(request, body, 16 * 1024);
  const db = await database();
  const now = Date.now();
  await enforceRateLimit(db, [`log-ip:${clientIp(request)}`], LOG_RATE_LIMIT, now);
  const [today] = await enforceRateLimit(db, ["log-all"], LOG_DAILY_LIMIT, now);
  // every 100th report of the day sweeps the old ones (an indexed delete)
  if (today! % 100 === 1) await pruneLogs(db, now);
  const [row] = await db
    .insert(logs)
    .values({
      chainId: b.chainId ?? null,
      address: b.address ?? null,
      title: b.title ?? null,
      message: b.message ?? null,
      error: b.error,
    })
    .returning({ id: logs.id });
  return Response.json({ id: row!.id }, { status: 201 });
});
