export const dynamic = "force-dynamic";

/** GET /api/health: a bare handler (no database, no chain) for load balancers and benchmarks. */
export function GET() {
  return Response.json({ ok: true });
}
