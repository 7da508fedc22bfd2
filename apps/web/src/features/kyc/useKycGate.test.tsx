import { QueryClient } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/queries/keys";

const A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const open = vi.fn();
let queryClient: QueryClient;
vi.mock("@/lib/stack", () => ({
  queryOptions: <T,>(options: T) => options,
  useConnection: () => ({ status: "connected", address: A }),
  useQueryClient: () => queryClient,
}));
vi.mock("@/components/modal/modalContext", () => ({ useModal: () => ({ open }) }));

const { useKycGate } = await import("./useKycGate");

let answer = "Active";
beforeEach(() => {
  queryClient = new QueryClient();
  answer = "Active";
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify({ address: A, status: answer, provider: "local" })),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  open.mockClear();
});

describe("useKycGate", () => {
  it("a status already known to be completed opens the modal in the click, with no request", async () => {
    queryClient.setQueryData(queryKeys.kyc(A), { address: A, status: "No Email" });
    const { result } = renderHook(() => useKycGate());
    const proceed = vi.fn();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.run(proceed);
    });
    // in the click itself: before any await, so the modal renders in the next frame
    expect(proceed).toHaveBeenCalledTimes(1);
    await act(() => done);
    expect(fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it("an unknown status, or one not completed, is asked of the server: completed proceeds, else KYC", async () => {
    const { result } = renderHook(() => useKycGate());
    const proceed = vi.fn();
    await act(() => result.current.run(proceed));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(proceed).toHaveBeenCalledTimes(1);

    queryClient.setQueryData(queryKeys.kyc(A), { address: A, status: "Not started" });
    answer = "Not started";
    await act(() => result.current.run(proceed));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(proceed).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith("kyc");
  });
});
