import { apiHandler } from "@/server/http/handler";
import { notFound } from "@/server/http/errors";

export const dynamic = "force-dynamic";

/** /api itself and any /api path no route serves: JSON `{statusCode: 404, message}` (not the HTML 404 page). */
const unknownEndpoint = apiHandler(async (request) => {
  const { pathname } = new URL(request.url);
  throw notFound(`No API endpoint at ${request.method} ${pathname.slice(0, 200)}`);
});

export const GET = unknownEndpoint;
export const HEAD = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
export const OPTIONS = unknownEndpoint;
