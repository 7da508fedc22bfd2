import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/** GET /api/health: a bare handler (no database, no chain) for load balancers and benchmarks. */
export function GET() {
  return Response.json({ ok: true });
}
