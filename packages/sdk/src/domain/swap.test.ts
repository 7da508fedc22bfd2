import { describe, expect, it } from "vitest";
import {
  aggregatorSwapTokens,
  slippageDisplay,
  slippageParam,
  swapMaxSourceAmount,
  swapMinimumOut,
  SWAP_SLIPPAGE,
} from "./swap";
import { NATIVE_TOKEN_ADDRESS } from "./tokens";

describe("swap", () => {
  it("offers the chain's token list (spec section 3) but USDC through an aggregator, ERC-20s only with a spender to approve", () => {
    const router = "0x1111111254eeb25477b68fb85ed929f73a960582";
    expect(aggregatorSwapTokens(8453, router).map((t) => t.symbol)).toEqual([
      "ETH",
      "WETH",
      "AERO",
      "BRETT",
      "BENJI",
      "DEGEN",
      "USDbC",
      "wstETH",
      "cbETH",
    ]);
    expect(aggregatorSwapTokens(84532, router).map((t) => t.symbol)).toEqual(["ETH", "WETH"]);
    expect(aggregatorSwapTokens(84532, router)[1]?.address).toBe(
      "0x4200000000000000000000000000000000000006",
    );
    expect(aggregatorSwapTokens(8453, null)).toEqual([
      { symbol: "ETH", address: NATIVE_TOKEN_ADDRESS, decimals: 18 },
    ]);
    expect(aggregatorSwapTokens(1, router)).toEqual([]);
  });
  it("slippage 0.01 shows as 1% and is sent as 1", () => {
    expect(SWAP_SLIPPAGE).toBe("0.01");
    expect(slippageDisplay()).toBe("1%");
    expect(slippageParam()).toBe(1);
  });
  it("caps the source amount to the tranche room with a 5% quote buffer", () => {
    const eth = 10n ** 18n;
    const quote = { quoteSource: eth, quoteDestination: 3_000_000_000n }; // 1 ETH = 3,000 USDC
    // room 1,050 USDC: buffered 1,000 USDC worth = 1/3 ETH
    expect(swapMaxSourceAmount({ ...quote, balance: eth, room: 1_050_000_000n })).toBe(eth / 3n);
    // plenty of room: the whole balance
    expect(swapMaxSourceAmount({ ...quote, balance: eth, room: 10_000_000_000n })).toBe(eth);
    expect(swapMaxSourceAmount({ ...quote, balance: eth, room: 0n })).toBe(0n);
    expect(
      swapMaxSourceAmount({ balance: eth, quoteSource: 0n, quoteDestination: 1n, room: 1n }),
    ).toBe(0n);
  });
  it("the minimum out is the quote less the slippage, rounded down", () => {
    expect(swapMinimumOut(3_000_000_000n)).toBe(2_970_000_000n);
    expect(swapMinimumOut(101n)).toBe(99n);
    expect(swapMinimumOut(1_000n, "0.005")).toBe(995n);
    expect(swapMinimumOut(0n)).toBe(0n);
  });
});
