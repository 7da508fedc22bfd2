// @vitest-environment node
import { describe, expect, it, vi } from "vitest";

const config = vi.hoisted(() => ({
  value: {
    chainId: 8453,
    swap: { provider: "aggregator", spender: undefined as string | undefined },
  },
}));
vi.mock("@/config/server", () => ({ serverConfig: () => config.value }));
vi.mock("@/server/context", () => ({ chainClient: () => ({}) }));

const { getSwapTokens } = await import("./actions");

describe("getSwapTokens with an aggregator configured", () => {
  it("offers the chain's token list of spec section 3 (without USDC) on Base", async () => {
    config.value = {
      chainId: 8453,
      swap: { provider: "aggregator", spender: "0x1111111254EEB25477B68fb85Ed929f73A960582" },
    };
    const { tokens, spender } = await getSwapTokens();
    expect(tokens.map((t) => t.symbol)).toEqual([
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
    expect(tokens.find((t) => t.symbol === "USDbC")?.decimals).toBe(6);
    expect(spender).toBe(config.value.swap.spender);
  });

  it("without a router to approve, only ETH (no ERC-20 source)", async () => {
    config.value = { chainId: 8453, swap: { provider: "aggregator", spender: undefined } };
    expect((await getSwapTokens()).tokens.map((t) => t.symbol)).toEqual(["ETH"]);
  });
});
