// @vitest-environment node
import { NATIVE_TOKEN_ADDRESS } from "@lending/sdk";
import { getAddress } from "viem";
import { describe, expect, inject, it, vi } from "vitest";
import { parseServerConfig } from "@/config/server";
import { withSnapshot } from "../../../../../scripts/src/fixture/snapshot";
import { deployerAccount } from "../../../../../scripts/src/lib/dev-accounts";
import { deployLocalAmm } from "../swap/local-amm";
import { INITIAL_READ_TIMEOUT_MS } from "./initial-reads";
import { walletTokens } from "./wallet-tokens";

const { rpcUrl, chainId, deployment } = inject("anvil");

describe("wallet tokens of the server's chain", () => {
  it("are USDC (the deployment's), ETH and the local AMM's WETH on the local chain", async () => {
    await withSnapshot(rpcUrl, async () => {
      const amm = await deployLocalAmm({
        rpcUrl,
        deployerPrivateKey: deployerAccount.privateKey,
        usdc: deployment.usdc,
      });
      const config = parseServerConfig({
        RPC_URL: rpcUrl,
        CHAIN_ID: String(chainId),
        LOCAL_AMM_ROUTER: amm.router,
      });
      expect((await walletTokens(config)).map((t) => [t.symbol, t.address])).toEqual([
        ["USDC", deployment.usdc],
        ["ETH", NATIVE_TOKEN_ADDRESS],
        ["WETH", getAddress(amm.weth)],
      ]);
    });
  });

  it("leave WETH out when there is no local AMM, or its router cannot be read", async () => {
    const none = parseServerConfig({ RPC_URL: rpcUrl, CHAIN_ID: String(chainId) });
    expect((await walletTokens(none)).map((t) => t.symbol)).toEqual(["USDC", "ETH"]);
    const down = parseServerConfig({
      RPC_URL: "http://127.0.0.1:1",
      CHAIN_ID: String(chainId),
      LOCAL_AMM_ROUTER: "0x000000000000000000000000000000000000dEaD",
    });
    expect((await walletTokens(down)).map((t) => t.symbol)).toEqual(["USDC", "ETH"]);
  });

  it("leave WETH out of a render whose RPC does not answer in time, and say why", async () => {
    // an RPC that takes the request and never answers
    const { createServer } = await import("node:http");
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as { port: number }).port;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const hanging = parseServerConfig({
        RPC_URL: `http://127.0.0.1:${port}`,
        CHAIN_ID: String(chainId),
        LOCAL_AMM_ROUTER: "0x000000000000000000000000000000000000bEEF",
      });
      const started = Date.now();
      expect((await walletTokens(hanging)).map((t) => t.symbol)).toEqual(["USDC", "ETH"]);
      // the page waited the read's time limit, not the RPC client's own (10 s)
      expect(Date.now() - started).toBeGreaterThanOrEqual(INITIAL_READ_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(INITIAL_READ_TIMEOUT_MS + 2_000);
      expect(warn).toHaveBeenCalledWith(
        `[wallet-balance] the local AMM's WETH could not be read: timed out after ${INITIAL_READ_TIMEOUT_MS} ms`,
      );
    } finally {
      warn.mockRestore();
      silent.closeAllConnections();
      silent.close();
    }
  });
});
