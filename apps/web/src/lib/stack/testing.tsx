/**
 * Test support for the wallet stack (jsdom): the public configuration the stack's tests run with
 * (a local chain behind an RPC that never answers), and the app's providers rendered around a
 * page with a probe that hands the test wagmi's config (to connect a mock connector). Shared by
 * lib/stack's, the wallet button's and My Transactions' tests; not used by the app.
 */
import { render, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { ReactNode } from "react";
import { useConfig, type Config } from "wagmi";
import type { PublicConfig } from "@/config/public";
import { useWalletState } from "@/features/wallet/walletState";
import { Providers } from "@/providers/Providers";

export const testPublicConfig: PublicConfig = {
  chainId: 31337,
  rpcUrl: "http://127.0.0.1:1",
  appName: "Test",
  coinbaseAppName: "Test",
  productSymbol: "KSU",
  subordinationDocsUrl: "/docs",
  features: { tokenLaunch: true, unreleased: [] },
  referralFeeShare: 0.1,
};

/**
 * Renders `children` in the app's providers; `ref.config` is wagmi's config once rendered, and
 * `ref.restored` whether wagmi has restored the session (a visitor's button is usable before
 * that: a test that connects by code waits for it, see {@link waitForWalletRestore}).
 */
export function renderWithWagmiProbe(children: ReactNode) {
  const ref: { config?: Config; restored: boolean } = { restored: false };
  function Probe() {
    ref.config = useConfig();
    const { ready, restoring } = useWalletState();
    ref.restored = ready && !restoring;
    return null;
  }
  const view = render(
    <Providers config={testPublicConfig}>
      <Probe />
      {children}
    </Providers>,
  );
  return { ...view, ref };
}

/** Waits until wagmi has restored the session: a connection made by code before may be reset. */
export async function waitForWalletRestore(ref: { restored: boolean }): Promise<void> {
  await waitFor(() => expect(ref.restored).toBe(true), { timeout: 10_000 });
}
