import { getAddress } from "viem";
import { describe, expect, it } from "vitest";

import {
  CHAIN_TOKENS,
  chainTokens,
  isNativeChainToken,
  NATIVE_TOKEN_ADDRESS,
  supportedTokens,
  usdValueCents,
} from "./tokens";

describe("chain tokens (spec section 3)", () => {
  it("lists the spec's tokens on Base and USDC, ETH and WETH on Base Sepolia and locally", () => {
    expect(chainTokens(8453).map((t) => t.symbol)).toEqual([
      "USDC",
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
    expect(chainTokens(84532).map((t) => [t.symbol, t.decimals])).toEqual([
      ["USDC", 6],
      ["ETH", 18],
      ["WETH", 18],
    ]);
    expect(chainTokens(1)).toEqual([]);
  });

  it("has checksummed addresses, ETH as the native token address", () => {
    for (const list of Object.values(CHAIN_TOKENS)) {
      for (const t of list) if (t.address) expect(getAddress(t.address)).toBe(t.address);
    }
    expect(chainTokens(8453).find((t) => t.symbol === "ETH")).toMatchObject({
      address: NATIVE_TOKEN_ADDRESS,
      native: true,
    });
  });

  it("takes the local USDC from the deployment and WETH from the local AMM, dropping unknowns", () => {
    const usdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    const weth = "0x0000000000000000000000000000000000000009";
    expect(chainTokens(31337).map((t) => t.symbol)).toEqual(["ETH"]);
    expect(chainTokens(31337, { usdc, weth }).map((t) => [t.symbol, t.address])).toEqual([
      ["USDC", usdc],
      ["ETH", NATIVE_TOKEN_ADDRESS],
      ["WETH", weth],
    ]);
    // a fixed WETH (the OP Stack predeploy) is never replaced
    expect(chainTokens(84532, { weth }).find((t) => t.symbol === "WETH")?.address).toBe(
      "0x4200000000000000000000000000000000000006",
    );
  });

  it("values an amount in cents, rounding down", () => {
    expect(usdValueCents(1_500_000_000_000_000_000n, 18, 2000)).toBe(300_000n);
    expect(usdValueCents(1_234_567n, 6, 1)).toBe(123n);
    expect(usdValueCents(10n ** 18n, 18, 2991.123456)).toBe(299_112n);
    expect(usdValueCents(0n, 18, 3000)).toBe(0n);
    expect(usdValueCents(10n ** 18n, 18, Number.NaN)).toBe(0n);
  });
});

describe("supportedTokens (spec section 3)", () => {
  it("lists the ten Base tokens in the spec's order with their decimals", () => {
    expect(supportedTokens(8453).map((t) => [t.symbol, t.decimals])).toEqual([
      ["USDC", 6],
      ["ETH", 18],
      ["WETH", 18],
      ["AERO", 18],
      ["BRETT", 18],
      ["BENJI", 18],
      ["DEGEN", 18],
      ["USDbC", 6],
      ["wstETH", 18],
      ["cbETH", 18],
    ]);
  });

  it("uses Circle's USDC on Base and Base Sepolia and the WETH predeploy", () => {
    const base = Object.fromEntries(supportedTokens(8453).map((t) => [t.symbol, t.address]));
    expect(base.USDC).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    expect(base.WETH).toBe("0x4200000000000000000000000000000000000006");
    expect(base.ETH).toBe(NATIVE_TOKEN_ADDRESS);
    expect(supportedTokens(84532).map((t) => [t.symbol, t.address])).toEqual([
      ["USDC", "0x036CbD53842c5426634e7929541eC2318f3dCF7e"],
      ["ETH", NATIVE_TOKEN_ADDRESS],
      ["WETH", "0x4200000000000000000000000000000000000006"],
    ]);
  });

  it("every address is a distinct 20-byte hex address", () => {
    for (const chainId of [8453, 84532]) {
      const addresses = supportedTokens(chainId).map((t) => t.address.toLowerCase());
      for (const a of addresses) expect(a).toMatch(/^0x[0-9a-f]{40}$/);
      expect(new Set(addresses).size).toBe(addresses.length);
    }
  });

  it("on the local chain takes USDC and WETH from the deployment and the local AMM", () => {
    const usdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    const weth = "0x0000000000000000000000000000000000000abc";
    expect(supportedTokens(31337, { usdc, weth }).map((t) => [t.symbol, t.address])).toEqual([
      ["USDC", usdc],
      ["ETH", NATIVE_TOKEN_ADDRESS],
      ["WETH", weth],
    ]);
    expect(supportedTokens(31337).map((t) => t.symbol)).toEqual(["ETH"]);
  });

  it("has no tokens on an unknown chain, and tells native ETH apart", () => {
    expect(supportedTokens(1)).toEqual([]);
    expect(isNativeChainToken({ address: NATIVE_TOKEN_ADDRESS })).toBe(true);
    expect(isNativeChainToken({ address: "0x4200000000000000000000000000000000000006" })).toBe(
      false,
    );
  });
});
