import { readLogsInRanges } from "@lending/sdk";
import { hasDeployment, getDeployment } from "@lending/sdk/deployments";
import { parseAbiItem, type Address, type PublicClient } from "viem";
import { HttpError } from "../http/errors";

const transfer = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);

/**
 * The user's USDC transfers into the LendingPoolManager (their deposits), oldest first, read from
 * chain logs. Until the indexer fills Postgres this is the server's source for "has deposited".
 */
export async function depositTransfers(
  client: PublicClient,
  chainId: number,
  user: Address,
): Promise<bigint[]> {
  if (!hasDeployment(chainId)) return [];
  const d = getDeployment(chainId);
  try {
    const logs = await readLogsInRanges(client, { fromBlock: BigInt(d.deployBlock) }, (range) =>
      client.getLogs({
        address: d.usdc,
        event: transfer,
        args: { from: user, to: d.lendingPoolManager },
        ...range,
      }),
    );
    return logs.map((l) => l.args.value ?? 0n);
  } catch (error) {
    console.error("[deposits] log query failed:", error);
    throw new HttpError(503, "Deposit history is unavailable: try again later");
  }
}

/**
 * The first deposit (USDC sent to the LendingPoolManager, 6 decimals) of each of `users` that has
 * one, from ONE log query whose `from` topic lists them all (an OR filter): a page of users costs
 * one RPC call, not one per user.
 */
export async function firstDepositsOf(
  client: PublicClient,
  chainId: number,
  users: readonly Address[],
): Promise<Map<Address, bigint>> {
  const found = new Map<Address, bigint>();
  if (users.length === 0 || !hasDeployment(chainId)) return found;
  const d = getDeployment(chainId);
  try {
    const from = users.map((u) => u.toLowerCase() as Address);
    const logs = await readLogsInRanges(client, { fromBlock: BigInt(d.deployBlock) }, (range) =>
      client.getLogs({
        address: d.usdc,
        event: transfer,
        args: { from, to: d.lendingPoolManager },
        ...range,
      }),
    );
    // logs come oldest first: keep each sender's first
    for (const l of logs) {
      const from = l.args.from?.toLowerCase() as Address | undefined;
      if (from && !found.has(from)) found.set(from, l.args.value ?? 0n);
    }
    return found;
  } catch (error) {
    console.error("[deposits] batched log query failed:", error);
    throw new HttpError(503, "Deposit history is unavailable: try again later");
  }
}
