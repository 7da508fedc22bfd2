// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { pollWhileFailing, RECOVER_MS } from "./recovery";
import { retryRead } from "./retry";

describe("reads that fail recover by themselves (issue 25)", () => {
  it("polls a failing read every few seconds, and a healthy one at its own pace", () => {
    const failing = { state: { status: "error" } };
    const fine = { state: { status: "success" } };
    expect(pollWhileFailing()(failing)).toBe(RECOVER_MS);
    expect(pollWhileFailing(60_000)(failing)).toBe(RECOVER_MS);
    expect(pollWhileFailing()(fine)).toBe(false);
    expect(pollWhileFailing(60_000)(fine)).toBe(60_000);
    expect(RECOVER_MS).toBeLessThanOrEqual(10_000);
  });

  it("retries a failed read once, but not an RPC that did not answer (shown at once, then polled)", () => {
    expect(retryRead(0, new ApiError(503, "down"))).toBe(true);
    expect(retryRead(1, new ApiError(503, "down"))).toBe(false);
    const timeout = Object.assign(new Error("The request took too long"), { name: "TimeoutError" });
    expect(retryRead(0, timeout)).toBe(false);
    expect(retryRead(0, new TypeError("Failed to fetch"))).toBe(false);
  });
});
