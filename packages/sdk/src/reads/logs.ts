import { BaseError, type Client } from "viem";
import { readBlockNumber } from "./blocks";

/** A block range with both ends known (inclusive). */
export type BlockRange = { fromBlock: bigint; toBlock: bigint };

/**
 * At most this many `eth_getLogs` calls for one read: a provider that caps ranges at 2,000 blocks
 * reads about 4 million blocks (some 90 days of Base) before the read gives up with
 * {@link LogRangeError}, rather than flooding the provider.
 */
export const MAX_LOG_CALLS = 2_048;

/** A log read that a provider's range cap split into more calls than {@link MAX_LOG_CALLS}. */
export class LogRangeError extends Error {
  constructor(readonly calls: number) {
    super(
      `The RPC caps eth_getLogs ranges: reading these logs needs more than ${calls} calls. Use an RPC without the cap (an archive node).`,
    );
    this.name = "LogRangeError";
  }
}

/**
 * What providers answer when an `eth_getLogs` range or result is too large (Alchemy, Infura,
 * QuickNode, Base's public RPC, Ankr, drpc and others: "block range", "limit exceeded", "query
 * returned more than 10000 results", "response size exceeded"...). Transport failures (the node is
 * down, a timeout) are not among them: splitting would only multiply the failure.
 */
const RANGE_LIMIT =
  /block range|range (is )?too (large|wide|big)|range limit|range exceeds|max(imum)? (block )?range|limited to|limit exceeded|exceeds? (the )?(max|limit)|too many (results|logs|blocks)|more than \d+ (results|logs)|response (size|is too big)|log response size/i;

/** Whether `error` is a provider refusing an `eth_getLogs` range or result as too large. */
export function isLogRangeLimit(error: unknown): boolean {
  if (error instanceof BaseError) {
    // -32005: "limit exceeded" (EIP-1474)
    const coded = error.walk((e) => (e as { code?: unknown }).code === -32005);
    if (coded) return true;
    return RANGE_LIMIT.test(`${error.shortMessage} ${error.details ?? ""} ${error.message}`);
  }
  return error instanceof Error && RANGE_LIMIT.test(error.message);
}

/**
 * Reads logs over `range` with `read` (a `readEvents` or viem `getLogs` call for one range), in
 * one call when the provider allows it; when it refuses the range as too large, the range is
 * halved until each part is accepted, in block order. So one code path serves anvil and uncapped
 * nodes (one call, as before) and providers that cap `eth_getLogs` (several calls).
 *
 * @example
 * const logs = await readLogsInRanges(client, { fromBlock: deployBlock }, (r) =>
 *   readEvents(client, { ...managerEvents(deployment), eventName: "FixedTermLocked", ...r }),
 * );
 */
export async function readLogsInRanges<T>(
  client: Client,
  range: { fromBlock: bigint; toBlock?: bigint | "latest" },
  read: (range: { fromBlock: bigint; toBlock: bigint | "latest" }) => Promise<T[]>,
  maxCalls: number = MAX_LOG_CALLS,
): Promise<T[]> {
  const toBlock = range.toBlock ?? "latest";
  try {
    return await read({ fromBlock: range.fromBlock, toBlock });
  } catch (error) {
    if (!isLogRangeLimit(error)) throw error;
  }
  const end = toBlock === "latest" ? await readBlockNumber(client) : toBlock;
  let calls = 1;
  const part = async ({ fromBlock, toBlock }: BlockRange): Promise<T[]> => {
    if (fromBlock > toBlock) return [];
    if (++calls > maxCalls) throw new LogRangeError(maxCalls);
    try {
      return await read({ fromBlock, toBlock });
    } catch (error) {
      if (fromBlock === toBlock || !isLogRangeLimit(error)) throw error;
      const mid = fromBlock + (toBlock - fromBlock) / 2n;
      const first = await part({ fromBlock, toBlock: mid });
      const second = await part({ fromBlock: mid + 1n, toBlock });
      return [...first, ...second];
    }
  };
  const mid = range.fromBlock + (end - range.fromBlock) / 2n;
  const first = await part({ fromBlock: range.fromBlock, toBlock: mid });
  const second = await part({ fromBlock: mid + 1n, toBlock: end });
  return [...first, ...second];
}
