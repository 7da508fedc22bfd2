import { createClient, custom, HttpRequestError, RpcRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { isLogRangeLimit, LogRangeError, readLogsInRanges } from "./logs";

/** A client whose node is at `head` (the only call the reader makes itself). */
const clientAt = (head: bigint) =>
  createClient({
    transport: custom({
      request: async ({ method }: { method: string }) => {
        if (method === "eth_blockNumber") return `0x${head.toString(16)}`;
        throw new Error(`unexpected ${method}`);
      },
    }),
  });

const capped = (message: string, code = -32602) =>
  new RpcRequestError({ body: {}, error: { code, message }, url: "http://rpc.example" });

/**
 * A provider that refuses ranges wider than `cap` blocks and has one log per block in
 * `logsAt`; it records every range it was asked for.
 */
function provider(
  cap: bigint,
  logsAt: bigint[],
  error: () => Error = () => capped(`block range > ${cap}`),
) {
  const asked: { fromBlock: bigint; toBlock: bigint | "latest" }[] = [];
  const read = async (r: { fromBlock: bigint; toBlock: bigint | "latest" }) => {
    asked.push(r);
    const to = r.toBlock === "latest" ? 1_000n : r.toBlock;
    if (to - r.fromBlock + 1n > cap) throw error();
    return logsAt.filter((b) => b >= r.fromBlock && b <= to);
  };
  return { read, asked };
}

describe("reading logs from a provider that caps eth_getLogs ranges", () => {
  it("reads in one call where the provider allows the range (a local node, or one without a cap)", async () => {
    const p = provider(10_000n, [5n, 700n]);
    const logs = await readLogsInRanges(clientAt(1_000n), { fromBlock: 0n }, p.read);
    expect(logs).toEqual([5n, 700n]);
    expect(p.asked).toEqual([{ fromBlock: 0n, toBlock: "latest" }]);
  });

  it("halves a refused range until each part is accepted: every log once, in block order, up to the head", async () => {
    const at = [0n, 1n, 249n, 250n, 251n, 600n, 999n, 1_000n];
    const p = provider(200n, at);
    const logs = await readLogsInRanges(clientAt(1_000n), { fromBlock: 0n }, p.read);
    expect(logs).toEqual(at);
    const accepted = p.asked.filter(
      (r) => r.toBlock !== "latest" && r.toBlock - r.fromBlock + 1n <= 200n,
    ) as { fromBlock: bigint; toBlock: bigint }[];
    // the accepted parts tile the range exactly: no block read twice, none skipped
    accepted.sort((a, b) => (a.fromBlock < b.fromBlock ? -1 : 1));
    expect(accepted[0]!.fromBlock).toBe(0n);
    expect(accepted.at(-1)!.toBlock).toBe(1_000n);
    for (let i = 1; i < accepted.length; i++) {
      expect(accepted[i]!.fromBlock).toBe(accepted[i - 1]!.toBlock + 1n);
    }
  });

  it("knows the providers' words for a range or result that is too large", () => {
    for (const message of [
      "query exceeds max block range 100000",
      "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range",
      "query returned more than 10000 results",
      "eth_getLogs is limited to a 10,000 range",
      "block range is too wide",
    ]) {
      expect(isLogRangeLimit(capped(message)), message).toBe(true);
    }
    expect(isLogRangeLimit(capped("limit exceeded", -32005))).toBe(true);
    // the node is down or slow: splitting would only multiply the failure
    expect(isLogRangeLimit(new HttpRequestError({ url: "http://rpc.example" }))).toBe(false);
    expect(isLogRangeLimit(capped("execution reverted", 3))).toBe(false);
  });

  it("does not split on other failures: the error reaches the caller after one call", async () => {
    const p = provider(100n, [], () => new HttpRequestError({ url: "http://rpc.example" }));
    await expect(readLogsInRanges(clientAt(1_000n), { fromBlock: 0n }, p.read)).rejects.toThrow(
      HttpRequestError,
    );
    expect(p.asked).toHaveLength(1);
  });

  it("gives up with a clear error instead of flooding a provider whose cap needs too many calls", async () => {
    const p = provider(1n, []);
    const error = await readLogsInRanges(clientAt(1_000_000n), { fromBlock: 0n }, p.read, 64).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LogRangeError);
    expect((error as Error).message).toMatch(/archive node/);
    expect(p.asked.length).toBeLessThanOrEqual(64);
  });

  it("keeps a given end block (a read at a past block) and an empty range reads nothing more", async () => {
    const p = provider(10n, [3n, 15n, 40n]);
    const logs = await readLogsInRanges(clientAt(1_000n), { fromBlock: 0n, toBlock: 20n }, p.read);
    expect(logs).toEqual([3n, 15n]);
    expect(p.asked.every((r) => r.toBlock !== "latest" && r.toBlock <= 20n)).toBe(true);
  });
});
