// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KycInfo } from "@/lib/queries/server";
import { checkKycStatus, isKycCompletedFor, kycStore, recordKycInfo } from "./kycState";

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const info = (status: KycInfo["status"]): KycInfo => ({
  address: ADDRESS,
  status,
  provider: "local",
});
const answer = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => kycStore.reset());

describe("KYC state", () => {
  it.each([
    ["Active", true],
    ["No Email", true],
    ["To be reviewed", false],
    ["Not started", false],
  ] as const)("status %s counts as completed: %s", async (status, completed) => {
    const fetchImpl = answer(info(status));
    const result = await checkKycStatus(ADDRESS, new AbortController().signal, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(
      `/api/kyc?userAddress=${ADDRESS}`,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(result?.status).toBe(status);
    const s = kycStore.get();
    expect(s.isVerifying).toBe(false);
    expect(s.kycInfo?.status).toBe(status);
    expect(s.kycCompleted).toBe(completed);
    expect(s.lastVerifiedAccount).toBe(completed ? ADDRESS.toLowerCase() : null);
    expect(isKycCompletedFor(ADDRESS)).toBe(completed);
    expect(isKycCompletedFor("0x0000000000000000000000000000000000000001")).toBe(false);
  });

  it("is verifying while the server answers", async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchImpl = vi.fn<typeof fetch>(() => new Promise((r) => (resolve = r)));
    const pending = checkKycStatus(ADDRESS, new AbortController().signal, fetchImpl);
    expect(kycStore.get().isVerifying).toBe(true);
    resolve(new Response(JSON.stringify(info("Active"))));
    await pending;
    expect(kycStore.get()).toMatchObject({ isVerifying: false, kycCompleted: true });
  });

  it("an aborted check records nothing", async () => {
    const controller = new AbortController();
    let resolve: (r: Response) => void = () => {};
    const fetchImpl = vi.fn<typeof fetch>(() => new Promise((r) => (resolve = r)));
    const pending = checkKycStatus(ADDRESS, controller.signal, fetchImpl);
    controller.abort();
    resolve(new Response(JSON.stringify(info("Active"))));
    expect(await pending).toBeNull();
    expect(kycStore.get()).toMatchObject({ kycCompleted: false, kycInfo: null });
  });

  it("a failed request is not completed", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await checkKycStatus(
      ADDRESS,
      new AbortController().signal,
      answer({ message: "down" }, 503),
    );
    expect(result).toBeNull();
    expect(kycStore.get()).toMatchObject({ isVerifying: false, kycCompleted: false });
    spy.mockRestore();
  });

  it("the KYC modal's completion is recorded as the last verified account", () => {
    recordKycInfo(info("Active"));
    expect(kycStore.get()).toMatchObject({
      kycCompleted: true,
      lastVerifiedAccount: ADDRESS.toLowerCase(),
    });
  });
});
