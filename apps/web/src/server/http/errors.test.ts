import { describe, expect, it } from "vitest";
import { badRequest, HttpError, tooManyRequests } from "./errors";

describe("HttpError", () => {
  it("keeps its status, message, extra fields and headers, without capturing a stack", () => {
    const error = new HttpError(409, "Already taken", { error: "taken" }, { "retry-after": "3" });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.name).toBe("HttpError");
    expect(error).toMatchObject({
      statusCode: 409,
      message: "Already taken",
      extra: { error: "taken" },
      headers: { "retry-after": "3" },
    });
    // an answer, not a fault: no frame was captured
    expect(error.stack ?? "").not.toMatch(/\n\s+at /);
    expect(badRequest("x").stack ?? "").not.toMatch(/\n\s+at /);
    expect(tooManyRequests(2).statusCode).toBe(429);
  });

  it("leaves stack capture on for every other error", () => {
    const limit = Error.stackTraceLimit;
    new HttpError(400, "bad");
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error("fault").stack).toMatch(/\n\s+at /);
  });
});
