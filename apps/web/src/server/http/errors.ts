/** An error with an HTTP status that the API returns as JSON `{statusCode, message}`. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
    /** extra JSON fields of the response (e.g. the spec's `error` string) */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(403, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, extra);
