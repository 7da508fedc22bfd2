import { z } from "zod";
import { apiHandler, readQuery } from "@/server/http/handler";
import { priceProvider } from "@/server/services/prices";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/token?tokens=USDC,ETH: {symbol: USD price} for the symbols of this chain the price
 * provider knows (unknown ones are left out); null where the price is unavailable right now.
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(
    request,
    z
      .object({
        tokens: z
          .string()
          .transform((v) =>
            v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          )
          .pipe(
            z
              .array(z.string().regex(/^[A-Za-z0-9]{1,11}$/, "must be token symbols"))
              .min(1, "must list at least one symbol")
              .max(30),
          ),
      })
      .strict(),
  );
  return priceProvider().prices(q.tokens);
});
