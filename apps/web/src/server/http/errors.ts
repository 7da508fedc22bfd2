/**
 * An error with an HTTP status that the API returns as JSON `{statusCode, message}`. It is an
 * answer, not a fault: it carries no stack (capturing one was about 5 % of the CPU of a request
 * refused for bad input), and nothing logs it.
 */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
    /** extra JSON fields of the response (e.g. the spec's `error` string) */
    readonly extra: Record<string, unknown> = {},
    /** extra response headers (e.g. `Retry-After` of a 429) */
    readonly headers: Record<string, string> = {},
  ) {
    super(stackless(message));
    Error.stackTraceLimit = savedStackTraceLimit;
  }
}

let savedStackTraceLimit = Error.stackTraceLimit;
/**
 * Turns stack capture off for the `super()` it is the argument of (restored right after). The
 * message is made a string first, so nothing between here and the restore can throw.
 */
function stackless(message: string): string {
  const text = String(message);
  savedStackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return text;
}

/**
 * A dependency (such as the KYC provider) failed or is unreachable: answered 503 with
 * {@link UpstreamError.publicMessage}; the detailed message is only logged.
 */
export class UpstreamError extends Error {
  override name = "UpstreamError";
  constructor(
    message: string,
    readonly publicMessage: string = "A service this request needs is unavailable: try again later",
  ) {
    super(message);
  }
}

/** The answer to an {@link UpstreamError}: 503 with its public message. */
export function upstreamFailure(error: UpstreamError, what: string): HttpError {
  console.error(`[upstream] ${what} failed:`, error.message);
  return new HttpError(503, error.publicMessage);
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(403, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, extra);

/**
 * 429 with `Retry-After` (seconds) as a header and as `retryAfter` in the body; the message is
 * `{what}: try again in N s`.
 */
export const tooManyRequests = (retryAfterSeconds: number, what = "Too many requests") => {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    `${what}: try again in ${retryAfter} s`,
    { retryAfter },
    { "retry-after": String(retryAfter) },
  );
};

/** What a server action answers instead of throwing (the browser cannot read a thrown error). */
export type ActionError = { error: string; message: string };

/**
 * A server action's answer for a failure: an HttpError keeps its status and message
 * (`HTTP 410`, "..."), an {@link UpstreamError} is `HTTP 503` with its public message; anything else is logged and answered with `fallback`, without details.
 */
export function toActionError(error: unknown, what: string, fallback: string): ActionError {
  if (error instanceof UpstreamError) error = upstreamFailure(error, what);
  if (error instanceof HttpError) {
    return { error: `HTTP ${error.statusCode}`, message: error.message };
  }
  console.error(`[action] ${what} failed:`, error);
  return { error: "Internal error", message: fallback };
}
