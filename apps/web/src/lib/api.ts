/**
 * Small JSON client for the app's own /api routes (docs/api.md): reads here, writes in ./apiWrite
 * (a visitor's page reads only: issue 26).
 */

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly statusCode: number,
    message: string,
    /** the body's `error` field, e.g. 'Failed to retrieve fullname' */
    readonly error?: string,
  ) {
    super(message);
  }
}

/** The JSON body of an answer, or its `{statusCode, message}` as an ApiError. */
export async function parse<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = typeof body.message === "string" ? body.message : response.statusText;
    const error = typeof body.error === "string" ? body.error : undefined;
    throw new ApiError(response.status, message, error);
  }
  return body as T;
}

export async function apiGet<T>(path: string): Promise<T> {
  return parse<T>(await fetch(path, { headers: { accept: "application/json" } }));
}
