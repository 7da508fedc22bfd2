import type { Address, Client, Hex } from "viem";

/**
 * The call data of ERC-721 `balanceOf(owner)`: its selector and the address left-padded to 32
 * bytes. Encoded here, not with viem's readContract: its ABI coder and call action (about 26 KB
 * gzip) would load with every page a connected lender opens, for this one read.
 */
export function balanceOfCallData(owner: Address): Hex {
  if (!/^0x[0-9a-fA-F]{40}$/.test(owner)) throw new Error(`not an address: ${owner}`);
  return `0x70a08231${owner.slice(2).toLowerCase().padStart(64, "0")}`;
}

/** The uint256 an `eth_call` answered ("0x": no contract there, read as none held). */
export function uint256Result(result: Hex): bigint {
  if (result === "0x") return 0n;
  if (!/^0x[0-9a-fA-F]{64}$/.test(result)) throw new Error(`not a uint256: ${result}`);
  return BigInt(result);
}

/** How many tokens of `collection` `owner` holds (one `eth_call` of balanceOf). */
export async function heldTokens(client: Client, collection: Address, owner: Address) {
  const result = await client.request({
    method: "eth_call",
    params: [{ to: collection, data: balanceOfCallData(owner) }, "latest"],
  });
  return uint256Result(result);
}
