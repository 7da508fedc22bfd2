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
    const logs = await client.getLogs({
      address: d.usdc,
      event: transfer,
      args: { from: user, to: d.lendingPoolManager },
      fromBlock: BigInt(d.deployBlock),
      toBlock: "latest",
    });
    return logs.map((l) => l.args.value ?? 0n);
  } catch (error) {
    console.error("[deposits] log query failed:", error);
    throw new HttpError(503, "Deposit history is unavailable: try again later");
  }
}
