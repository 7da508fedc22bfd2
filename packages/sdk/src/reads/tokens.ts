import { hexToBigInt, type Address, type Client } from "viem";
import { erc20Abi } from "../abi/erc20";
import type { TokenMetadata } from "../entities";
import { readContract } from "./readContract";

/**
 * ERC-20 allowance of `owner` for `spender` (smallest units).
 *
 * @example
 * const allowance = await readAllowance(client, { token: deployment.usdc, owner: user, spender: deployment.lendingPoolManager });
 */
export function readAllowance(
  client: Client,
  args: { token: Address; owner: Address; spender: Address },
): Promise<bigint> {
  return readContract(client, {
    address: args.token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [args.owner, args.spender],
  });
}

/**
 * ERC-20 balance (smallest units).
 *
 * @example const usdc = await readTokenBalance(client, { token: deployment.usdc, owner: user });
 */
export function readTokenBalance(
  client: Client,
  args: { token: Address; owner: Address },
): Promise<bigint> {
  return readContract(client, {
    address: args.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [args.owner],
  });
}

/**
 * ETH balance in wei: one `eth_getBalance`, as viem's `getBalance` sends it without a multicall
 * client (that action imports viem's `call`, which a connected page would load for it: issue 26).
 *
 * @example const wei = await readEthBalance(client, user);
 */
export async function readEthBalance(client: Client, owner: Address): Promise<bigint> {
  return hexToBigInt(await client.request({ method: "eth_getBalance", params: [owner, "latest"] }));
}

/**
 * Symbol, name and decimals from the token contract (three calls in parallel).
 *
 * @example const { symbol, decimals } = await readTokenMetadata(client, deployment.usdc);
 */
export async function readTokenMetadata(client: Client, token: Address): Promise<TokenMetadata> {
  const contract = { address: token, abi: erc20Abi } as const;
  const [symbol, name, decimals] = await Promise.all([
    readContract(client, { ...contract, functionName: "symbol" }),
    readContract(client, { ...contract, functionName: "name" }),
    readContract(client, { ...contract, functionName: "decimals" }),
  ]);
  return { address: token, symbol, name, decimals };
}
