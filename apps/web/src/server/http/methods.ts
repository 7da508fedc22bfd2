import { HttpError } from "./errors";
import { apiHandler } from "./handler";

/** The methods a route may serve (Next answers HEAD with the GET handler). */
export type ServedMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Handlers for the methods a route does not serve: each answers JSON 405
 * `{statusCode: 405, message}` with an `Allow` header listing `served` (with HEAD when GET is
 * served, and OPTIONS), instead of Next's empty 405; and OPTIONS: 204 with that `Allow` (Next's
 * own OPTIONS would list every exported method, these refusals included). A route exports those
 * it lacks, e.g. `export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");` (a
 * route without GET exports HEAD too).
 */
export function notAllowed(...served: ServedMethod[]) {
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse = apiHandler(async (request) => {
    throw new HttpError(
      405,
      `Method ${request.method} is not allowed here: use ${allow}`,
      {},
      { allow },
    );
  });
  const options = async () => new Response(null, { status: 204, headers: { allow } });
  return {
    GET: refuse,
    HEAD: refuse,
    POST: refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
    OPTIONS: options,
  };
}
