// @vitest-environment node
import { NATIVE_TOKEN_ADDRESS } from "@lending/sdk";
import { getAddress } from "viem";
import { describe, expect, inject, it } from "vitest";
import { parseServerConfig } from "@/config/server";
import { withSnapshot } from "../../../../../scripts/src/fixture/snapshot";
import { deployerAccount } from "../../../../../scripts/src/lib/dev-accounts";
import { deployLocalAmm } from "../swap/local-amm";
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
});
