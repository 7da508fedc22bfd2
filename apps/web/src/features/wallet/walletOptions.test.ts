// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { PublicConfig } from "@/config/public";
import { testPublicConfig } from "@/lib/stack/testing";
import { createWalletSetup } from "./wagmiConfig";
import { walletOptions } from "./walletOptions";

const pc = (chainId: PublicConfig["chainId"]): PublicConfig => ({ ...testPublicConfig, chainId });

describe("walletOptions", () => {
  it("offers browser wallet, WalletConnect, Google and email first; the Dev Wallet on the local chain only", () => {
    const local = createWalletSetup(pc(31337));
    const l = walletOptions(local.config.connectors, { walletConnect: false });
    expect(l.primary.map((o) => o.label)).toEqual(["Browser Wallet", "Email"]);
    expect(l.others.map((o) => o.label)).toEqual(["Coinbase Wallet", "Dev Wallet"]);
    expect(local.devWallet).toBeDefined();

    const base = createWalletSetup(pc(8453));
    const b = walletOptions(base.config.connectors, { walletConnect: true, google: true });
    expect(b.primary.map((o) => o.label)).toEqual([
      "Browser Wallet",
      "WalletConnect",
      "Google",
      "Email",
    ]);
    expect(b.others.map((o) => o.label)).toEqual(["Coinbase Wallet"]);
    expect(base.devWallet).toBeUndefined();
  });

  it("puts the configured chain first with the configured RPC", () => {
    const { config } = createWalletSetup({ ...pc(84532), rpcUrl: "https://rpc.example.org" });
    expect(config.chains.map((c) => c.id)).toEqual([84532, 8453, 31337]);
    expect(config.chains[0]?.rpcUrls.default.http).toEqual(["https://rpc.example.org"]);
  });
});
