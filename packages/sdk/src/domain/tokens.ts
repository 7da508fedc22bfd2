import type { Address } from "viem";

/** The address swap APIs use for the chain's native token (ETH). */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" as const;

export const BASE_CHAIN_ID = 8453;
export const BASE_SEPOLIA_CHAIN_ID = 84532;
export const LOCAL_CHAIN_ID = 31337;

/** WETH on Base and Base Sepolia (the OP Stack predeploy). */
export const BASE_WETH = "0x4200000000000000000000000000000000000006" as const;

/** Addresses that only exist at run time on the local chain (its deployment and local AMM). */
export interface LocalTokenAddresses {
  usdc?: Address;
  weth?: Address;
}

/**
 * A token of a chain's supported list (spec section 3). `address` is absent where the token has
 * no fixed address on that chain: the protocol's USDC of a local deployment, and WETH on the
 * local chain (deployed with the local AMM); `native` marks the chain's gas token (ETH).
 */
export interface ChainTokenSpec {
  symbol: string;
  name: string;
  decimals: number;
  address?: Address;
  native?: true;
}

/** A supported token with its address resolved on this chain (ETH: {@link NATIVE_TOKEN_ADDRESS}). */
export interface ChainToken {
  symbol: string;
  name: string;
  decimals: number;
  address: Address;
  native: boolean;
}

/** A USD price older than this is unavailable (market feeds; seconds). */
export const PRICE_MAX_AGE_SECONDS = 300;

const ETH: ChainTokenSpec = { symbol: "ETH", name: "Ether", decimals: 18, native: true };
const WETH_PREDEPLOY: ChainTokenSpec = {
  symbol: "WETH",
  name: "Wrapped Ether",
  decimals: 18,
  address: BASE_WETH,
};

/**
 * The supported tokens per chain (spec section 3): on Base USDC, ETH, WETH, AERO, BRETT, BENJI,
 * DEGEN, USDbC, wstETH and cbETH; on Base Sepolia and the local chain USDC, ETH and WETH.
 */
export const CHAIN_TOKENS: Readonly<Record<number, readonly ChainTokenSpec[]>> = {
  8453: [
    {
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
      address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    },
    ETH,
    WETH_PREDEPLOY,
    {
      symbol: "AERO",
      name: "Aerodrome",
      decimals: 18,
      address: "0x940181a94A35A4569E4529A3CDfB74e38FD98631",
    },
    {
      symbol: "BRETT",
      name: "Brett",
      decimals: 18,
      address: "0x532f27101965dd16442E59d40670FaF5eBB142E4",
    },
    {
      symbol: "BENJI",
      name: "Basenji",
      decimals: 18,
      address: "0xBC45647eA894030a4E9801Ec03479739FA2485F0",
    },
    {
      symbol: "DEGEN",
      name: "Degen",
      decimals: 18,
      address: "0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed",
    },
    {
      symbol: "USDbC",
      name: "USD Base Coin",
      decimals: 6,
      address: "0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA",
    },
    {
      symbol: "wstETH",
      name: "Wrapped liquid staked Ether",
      decimals: 18,
      address: "0xc1CBa3fCea344f92D9239c08C0568f6F2F0ee452",
    },
    {
      symbol: "cbETH",
      name: "Coinbase Wrapped Staked ETH",
      decimals: 18,
      address: "0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22",
    },
  ],
  84532: [
    {
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
      address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
    },
    ETH,
    WETH_PREDEPLOY,
  ],
  31337: [
    { symbol: "USDC", name: "USD Coin", decimals: 6 },
    ETH,
    { symbol: "WETH", name: "Wrapped Ether", decimals: 18 },
  ],
};

/**
 * The supported tokens of `chainId` with their addresses: USDC is always the protocol's USDC
 * (`usdc`, from the deployment) when given; `weth` fills WETH where the chain has no fixed one
 * (the local AMM's). A token left without an address is dropped; an unknown chain has none.
 *
 * @example chainTokens(84532).map((t) => t.symbol) // ["USDC", "ETH", "WETH"]
 */
export function chainTokens(chainId: number, addresses: LocalTokenAddresses = {}): ChainToken[] {
  const out: ChainToken[] = [];
  for (const spec of CHAIN_TOKENS[chainId] ?? []) {
    const address = spec.native
      ? NATIVE_TOKEN_ADDRESS
      : spec.symbol === "USDC"
        ? (addresses.usdc ?? spec.address)
        : spec.symbol === "WETH"
          ? (spec.address ?? addresses.weth)
          : spec.address;
    if (!address) continue;
    out.push({
      symbol: spec.symbol,
      name: spec.name,
      decimals: spec.decimals,
      address,
      native: spec.native === true,
    });
  }
  return out;
}

/**
 * A token amount's USD value in cents (rounded down), from a USD price per whole token.
 *
 * @example usdValueCents(1_500_000_000_000_000_000n, 18, 2000) // 300_000n ($3,000.00)
 */
export function usdValueCents(amount: bigint, decimals: number, priceUsd: number): bigint {
  if (!Number.isFinite(priceUsd) || priceUsd <= 0 || amount <= 0n) return 0n;
  // the price as an integer of 1e-8 USD: exact for feed prices (8 decimals) and the AMM's
  const price8 = BigInt(Math.round(priceUsd * 1e8));
  return (amount * price8) / (10n ** BigInt(decimals) * 1_000_000n);
}

/**
 * The tokens a deposit can be paid with on a chain: {@link chainTokens} (on the local chain pass
 * the deployment's USDC and the local AMM's WETH; a token without an address is left out).
 *
 * @example supportedTokens(8453).map((t) => t.symbol) // ["USDC", "ETH", "WETH", "AERO", …]
 */
export function supportedTokens(
  chainId: number,
  local: LocalTokenAddresses = {},
): readonly ChainToken[] {
  return chainTokens(chainId, local);
}

/** Whether a token is the chain's native ETH (no approval, sent as the transaction's value). */
export function isNativeChainToken(token: Pick<ChainToken, "address">): boolean {
  return token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS;
}
