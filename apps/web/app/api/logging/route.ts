import { z } from "zod";
import { database } from "@/server/context";
import { logs } from "@/server/db/schema";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, chainIdSchema } from "@/server/http/schemas";
import { enforceRateLimit, LOG_RATE_LIMIT } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

const text = (max: number) => z.string().max(max);

const body = z
  .object({
    error: z
      .object({
        message: text(2000).optional(),
        cause: z.unknown().optional(),
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

/** POST /api/logging: stores a client error report (16 KB at most, 20 a minute per IP). */
export const POST = apiHandler(async (request) => {
  const b = await readJson(request, body, 16 * 1024);
  const db = await database();
  await enforceRateLimit(db, [`log-ip:${clientIp(request)}`], LOG_RATE_LIMIT);
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
