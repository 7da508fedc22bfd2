import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useWalletRestored, WalletStateContext, type WalletState } from "./walletState";

function withState(state: { current: WalletState }) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <WalletStateContext.Provider value={state.current}>{children}</WalletStateContext.Provider>
    );
  };
}

describe("a connection made by the connect modal waits for wagmi's restore", () => {
  it("goes at once when the session is restored", async () => {
    const state = { current: { ready: true } as WalletState };
    const { result } = renderHook(() => useWalletRestored(), { wrapper: withState(state) });
    const started = Date.now();
    await result.current();
    expect(Date.now() - started).toBeLessThan(100);
  });

  it("waits while the restore runs and goes when it ends", async () => {
    const state = { current: { ready: true, restoring: true } as WalletState };
    const { result, rerender } = renderHook(() => useWalletRestored(), {
      wrapper: withState(state),
    });
    let done = false;
    const waiting = result.current().then(() => (done = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(done).toBe(false);
    state.current = { ready: true };
    rerender();
    await act(async () => {
      await waiting;
    });
    expect(done).toBe(true);
  });

  it("does not wait forever on a restore that never ends", async () => {
    const state = { current: { ready: true, restoring: true } as WalletState };
    const { result } = renderHook(() => useWalletRestored(200), { wrapper: withState(state) });
    const started = Date.now();
    await result.current();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
