// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { readErrorCopy } from "@/lib/readErrors";
import { ReadTimeoutError, withTimeout } from "./timeout";

afterEach(() => {
  vi.useRealTimers();
});

describe("a server read with a time limit", () => {
  it("answers what the read answers in time, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    expect(await withTimeout(Promise.resolve(42), 2_000)).toBe(42);
    await expect(withTimeout(Promise.reject(new Error("reverted")), 2_000)).rejects.toThrow(
      "reverted",
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails once the time is up, as an RPC that did not answer", async () => {
    vi.useFakeTimers();
    const read = withTimeout(new Promise(() => {}), 2_000);
    const failed = expect(read).rejects.toThrow(ReadTimeoutError);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    const error = await read.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TimeoutError", message: "timed out after 2000 ms" });
    // the error panel says the network did not answer
    expect(readErrorCopy(error, "Base").title).toBe("Network unreachable");
    expect(vi.getTimerCount()).toBe(0);
  });
});
