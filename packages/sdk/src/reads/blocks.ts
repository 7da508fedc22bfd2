import { BlockNotFoundError, hexToBigInt, type Client } from "viem";

/**
 * The latest block's number and timestamp: one `eth_getBlockByNumber` without transactions, as
 * viem's `getBlock` sends it. That action imports viem's block and transaction formatters, which
 * a connected page would load for these two fields (issue 26); the number is taken from the
 * answer, so every read of a page "at" it sees the same block.
 *
 * @example const { number, timestamp } = await readLatestBlock(client);
 */
export async function readLatestBlock(
  client: Client,
): Promise<{ number: bigint; timestamp: bigint }> {
  const block = await client.request({
    method: "eth_getBlockByNumber",
    params: ["latest", false],
  });
  if (!block?.number) throw new BlockNotFoundError({});
  return { number: hexToBigInt(block.number), timestamp: hexToBigInt(block.timestamp) };
}

/**
 * The latest block number: one `eth_blockNumber`, as viem's `getBlockNumber` with `cacheTime: 0`
 * sends it (without its cache's module).
 *
 * @example const blockNumber = await readBlockNumber(client);
 */
export async function readBlockNumber(client: Client): Promise<bigint> {
  return hexToBigInt(await client.request({ method: "eth_blockNumber" }));
}
