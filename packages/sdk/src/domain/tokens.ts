/** The address swap APIs use for the chain's native token (ETH). */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" as const;

/** A token of a chain (spec section 3, Token): what a wallet holds and a deposit can be paid with. */
export interface ChainToken {
  symbol: string;
  name: string;
  /** the ERC-20's address; {@link NATIVE_TOKEN_ADDRESS} (0xeeee…eeee) for the chain's ETH */
  address: `0x${string}`;
  decimals: number;
}

/** Addresses that only exist at run time on the local chain (its deployment and local AMM). */
export interface LocalTokenAddresses {
  usdc?: `0x${string}`;
  weth?: `0x${string}`;
}

export const BASE_CHAIN_ID = 8453;
export const BASE_SEPOLIA_CHAIN_ID = 84532;
export const LOCAL_CHAIN_ID = 31337;

/** WETH on Base and Base Sepolia (the OP Stack predeploy). */
export const BASE_WETH = "0x4200000000000000000000000000000000000006" as const;

const ETH: ChainToken = {
  symbol: "ETH",
  name: "Ether",
  address: NATIVE_TOKEN_ADDRESS,
  decimals: 18,
};
const weth = (address: `0x${string}`): ChainToken => ({
  symbol: "WETH",
  name: "Wrapped Ether",
  address,
  decimals: 18,
});
const usdc = (address: `0x${string}`): ChainToken => ({
  symbol: "USDC",
  name: "USD Coin",
  address,
  decimals: 6,
});

/**
 * The tokens of spec section 3 per chain, in the spec's order. Base mainnet addresses are the
 * canonical ones (Circle's USDC, the bridged USDbC, Coinbase's cbETH, Lido's bridged wstETH, the
 * Aerodrome, Brett, Basenji and Degen tokens); on Base Sepolia only USDC (Circle's), ETH and WETH
 * have real addresses.
 */
const TOKENS: Readonly<Record<number, readonly ChainToken[]>> = {
  [BASE_CHAIN_ID]: [
    usdc("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
    ETH,
    weth(BASE_WETH),
    {
      symbol: "AERO",
      name: "Aerodrome",
      address: "0x940181a94A35A4569E4529A3CDfB74e38FD98631",
      decimals: 18,
    },
    {
      symbol: "BRETT",
      name: "Brett",
      address: "0x532f27101965dd16442E59d40670FaF5eBB142E4",
      decimals: 18,
    },
    {
      symbol: "BENJI",
      name: "Basenji",
      address: "0xBC45647eA894030a4E9801Ec03479739FA2485F0",
      decimals: 18,
    },
    {
      symbol: "DEGEN",
      name: "Degen",
      address: "0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed",
      decimals: 18,
    },
    {
      symbol: "USDbC",
      name: "USD Base Coin",
      address: "0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA",
      decimals: 6,
    },
    {
      symbol: "wstETH",
      name: "Wrapped liquid staked Ether",
      address: "0xc1CBa3fCea344f92D9239c08C0568f6F2F0ee452",
      decimals: 18,
    },
    {
      symbol: "cbETH",
      name: "Coinbase Wrapped Staked ETH",
      address: "0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22",
      decimals: 18,
    },
  ],
  [BASE_SEPOLIA_CHAIN_ID]: [
    usdc("0x036CbD53842c5426634e7929541eC2318f3dCF7e"),
    ETH,
    weth(BASE_WETH),
  ],
};

/**
 * The supported tokens of a chain (spec section 3): USDC, ETH, WETH, AERO, BRETT, BENJI, DEGEN,
 * USDbC, wstETH and cbETH on Base; USDC, ETH and WETH on Base Sepolia. On the local chain
 * (31337) USDC and WETH have no fixed address: pass them (the deployment's test USDC, the local
 * AMM's WETH); a token without one is left out. Any other chain: none.
 *
 * @example supportedTokens(8453).map((t) => t.symbol) // ["USDC", "ETH", "WETH", "AERO", …]
 * @example supportedTokens(31337, { usdc: "0x5FbD…" }).map((t) => t.symbol) // ["USDC", "ETH"]
 */
export function supportedTokens(
  chainId: number,
  local: LocalTokenAddresses = {},
): readonly ChainToken[] {
  if (chainId === LOCAL_CHAIN_ID) {
    return [
      ...(local.usdc ? [usdc(local.usdc)] : []),
      ETH,
      ...(local.weth ? [weth(local.weth)] : []),
    ];
  }
  return TOKENS[chainId] ?? [];
}

/** Whether a token is the chain's native ETH (no approval, sent as the transaction's value). */
export function isNativeChainToken(token: Pick<ChainToken, "address">): boolean {
  return token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS;
}
