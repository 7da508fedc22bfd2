import { createClient, custom, HttpRequestError } from "viem";
import { describe, expect, it, vi } from "vitest";
import { lendingPoolManagerAbi } from "../abi/generated";

// A read that fails when the module of viem's contract errors cannot load either (a browser gone
// offline: the failed read's handler imports that module): the caller gets the read's own error.
vi.mock("./contractError", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

describe("readContract when its error module cannot load", () => {
  it("throws the read's own error", async () => {
    const { readContract } = await import("./readContract");
    const down = new HttpRequestError({ url: "http://rpc.invalid", details: "offline" });
    const client = createClient({
      transport: custom(
        {
          request: async () => {
            throw down;
          },
        },
        { retryCount: 0 },
      ),
    });
    await expect(
      readContract(client, {
        address: "0x0000000000000000000000000000000000000001",
        abi: lendingPoolManagerAbi,
        functionName: "currentEpoch",
      }),
    ).rejects.toBeInstanceOf(HttpRequestError);
  });
});
