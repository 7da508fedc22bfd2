import { getAddress, isAddress, type Address } from "viem";

/** KSU_PRICE_SOURCE, parsed. */
export type PriceSourceSpec =
  { kind: "uniswap-v2"; pair: Address } | { kind: "feed"; feed: Address } | { kind: "none" };

const USAGE = "must be uniswap-v2:<pair address>, feed:<aggregator address> or none";

/** Parses KSU_PRICE_SOURCE; returns the problem as a string when `value` is not valid. */
export function parsePriceSourceSpec(value: string): PriceSourceSpec | string {
  const trimmed = value.trim();
  if (trimmed === "none") return { kind: "none" };
  const match = /^(uniswap-v2|feed):(.*)$/.exec(trimmed);
  if (!match) return `${USAGE} (got "${value}")`;
  const [, kind, address = ""] = match;
  if (!isAddress(address, { strict: false })) {
    return `${USAGE}: "${address}" is not an address`;
  }
  return kind === "feed"
    ? { kind: "feed", feed: getAddress(address) }
    : { kind: "uniswap-v2", pair: getAddress(address) };
}
