// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@/server/actions/swap", () => ({
  getSwapQuote: vi.fn(async ({ fromAmount }: { fromAmount: string }) =>
    fromAmount === "1"
      ? { error: "Swap quote failed", message: "No liquidity for this pair" }
      : { dstAmount: "3000000000" },
  ),
}));

import { fetchSwapData, isNativeToken, quoteSwap } from "./swapClient";

const USER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const USDC = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ETH = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const args = {
  chainId: 31337,
  fromToken: ETH,
  toToken: USDC,
  fromAmount: 10n ** 18n,
  user: USER,
} as const;

afterEach(() => vi.unstubAllGlobals());

describe("swap client", () => {
  it("knows the native token in any case", () => {
    expect(isNativeToken("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE")).toBe(true);
    expect(isNativeToken(USDC)).toBe(false);
  });

  it("quotes through the server action and raises its message", async () => {
    await expect(quoteSwap({ ...args, fromAmount: 2n })).resolves.toBe(3_000_000_000n);
    await expect(quoteSwap({ ...args, fromAmount: 1n })).rejects.toThrow(
      "No liquidity for this pair",
    );
  });

  it("asks getSwapData with the slippage sent as 1 and parses the transaction", async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({
        dstAmount: "2990000000",
        tx: { to: USDC, data: "0x1234", value: "1000000000000000000" },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const data = await fetchSwapData(args);
    expect(data).toEqual({
      dstAmount: 2_990_000_000n,
      tx: { to: USDC, data: "0x1234", value: 10n ** 18n },
    });
    const url = new URL(fetchMock.mock.calls[0]![0], "http://localhost");
    expect(url.pathname).toBe("/api/getSwapData");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      chainId: "31337",
      fromToken: ETH,
      toToken: USDC,
      fromAmount: "1000000000000000000",
      user: USER,
      slippage: "1",
    });
  });

  it("a swap data failure raises an error including the server error text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "No liquidity for this pair" }, { status: 422 })),
    );
    await expect(fetchSwapData(args)).rejects.toThrow(
      "Swap data failure: No liquidity for this pair",
    );
  });
});
