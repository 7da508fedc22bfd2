import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/queries/keys";
import { kycStore } from "./kycState";

const showToast = vi.fn(async () => 1);
vi.mock("@/components/toast/toast", () => ({
  showToast: (...a: unknown[]) => showToast(...(a as [])),
}));

const { useKycConnectCheck, CONNECTED_TOAST, ACCOUNT_CHANGE_TOAST } =
  await import("./useKycConnectCheck");

const A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const B = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

let signals: AbortSignal[] = [];
let queryClient: QueryClient;

beforeEach(() => {
  signals = [];
  queryClient = new QueryClient();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      signals.push(init.signal!);
      const address = new URL(url, "http://x").searchParams.get("userAddress");
      return new Response(JSON.stringify({ address, status: "Active", provider: "local" }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
  kycStore.reset();
});

type Args = Parameters<typeof useKycConnectCheck>[0];
function setup(initial: Args) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook((args: Args) => useKycConnectCheck(args), { initialProps: initial, wrapper });
}
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe("useKycConnectCheck", () => {
  it("a connection by the user shows 'Account connected' and checks the status", async () => {
    const hook = setup({ ready: false, address: undefined, walletKey: undefined });
    hook.rerender({ ready: true, address: undefined, walletKey: undefined });
    expect(fetch).not.toHaveBeenCalled();
    hook.rerender({ ready: true, address: A, walletKey: "w1" });
    await flush();
    expect(showToast).toHaveBeenCalledWith(CONNECTED_TOAST);
    expect(CONNECTED_TOAST).toEqual({
      type: "info",
      title: "Account connected",
      message: "Verifying status of account...",
    });
    expect(fetch).toHaveBeenCalledWith(`/api/kyc?userAddress=${A}`, expect.anything());
    expect(kycStore.get()).toMatchObject({
      isVerifying: false,
      kycCompleted: true,
      lastVerifiedAccount: A.toLowerCase(),
    });
    expect(queryClient.getQueryData(queryKeys.kyc(A))).toMatchObject({ status: "Active" });
  });

  it("a restored session is checked without a toast", async () => {
    setup({ ready: true, address: A, walletKey: "w1" });
    await flush();
    expect(showToast).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("an account change while connected shows 'Account change detected' and checks again", async () => {
    const hook = setup({ ready: true, address: A, walletKey: "w1" });
    await flush();
    hook.rerender({ ready: true, address: B, walletKey: "w1" });
    await flush();
    expect(showToast).toHaveBeenCalledWith(ACCOUNT_CHANGE_TOAST);
    expect(ACCOUNT_CHANGE_TOAST).toEqual({ type: "info", title: "Account change detected" });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(kycStore.get().lastVerifiedAccount).toBe(B.toLowerCase());
  });

  it("aborts the running check when the wallets change or disconnect", async () => {
    const hook = setup({ ready: true, address: A, walletKey: "w1" });
    hook.rerender({ ready: true, address: A, walletKey: "w2" });
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    hook.rerender({ ready: true, address: undefined, walletKey: undefined });
    expect(signals[1]!.aborted).toBe(true);
    await flush();
    expect(kycStore.get().kycCompleted).toBe(false);
    hook.rerender({ ready: true, address: A, walletKey: "w1" });
    await flush();
    expect(showToast).toHaveBeenCalledWith(CONNECTED_TOAST);
  });
});
