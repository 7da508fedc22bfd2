// @vitest-environment node
import { chainTokens } from "@lending/sdk";
import { describe, expect, it } from "vitest";
import { allPriced } from "./WalletBalance";

const tokens = chainTokens(84532);

describe("wallet balance USD column", () => {
  it("shows only when every listed token has a price", () => {
    expect(allPriced(tokens, { USDC: 1, ETH: 3000, WETH: 3000 })).toBe(true);
    expect(allPriced(tokens, { USDC: 1, ETH: null, WETH: null })).toBe(false);
    expect(allPriced(tokens, { USDC: 1, ETH: 3000 })).toBe(false);
    expect(allPriced(tokens, undefined)).toBe(false);
  });
});
