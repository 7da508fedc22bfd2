// @vitest-environment node
import { buildKycChallengeMessage } from "@lending/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rateLimits } from "@/server/db/schema";
import { KYC_PROVIDER_DOWN_MESSAGE } from "@/server/services/kyc";
import {
  call,
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { GET as kycGet } from "../kyc/route";
import { POST } from "./route";

const API = "https://compilot.example/api";

/**
 * A fake Compilot at the fetch boundary (every other URL, such as the anvil RPC, goes through):
 * answers 500 while `down`, else a session.
 */
function fakeCompilot() {
  const state = { down: true, calls: 0 };
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(API)) return realFetch(input, init);
    state.calls++;
    if (state.down) return new Response("upstream exploded", { status: 500 });
    if (url === `${API}/sessions`) {
      return Response.json({ widgetUrl: "https://widget.compilot.example/s/1", sessionId: "s1" });
    }
    return new Response(null, { status: 404 });
  });
  return state;
}

describe("/api/kyc-challenge with Compilot down", () => {
  const t = setupApiTestDatabase();
  beforeEach(async () => {
    await t.db().delete(rateLimits);
    process.env.KYC_PROVIDER = "compilot";
    process.env.COMPILOT_API_URL = API;
    process.env.COMPILOT_API_KEY = "test-key";
  });
  afterEach(() => {
    delete process.env.KYC_PROVIDER;
    delete process.env.COMPILOT_API_URL;
    delete process.env.COMPILOT_API_KEY;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("answers 503 JSON, writes nothing, and the same signed body works once it is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const compilot = fakeCompilot();
    const user = newAccount();
    const timestamp = Date.now();
    const signature = await user.signMessage({
      message: buildKycChallengeMessage({
        address: user.address,
        isIndividual: true,
        timestamp,
        chainId: 31337,
      }),
    });
    const body = { address: user.address, signature, timestamp, isIndividual: true };
    const before = await databaseFingerprint(t.db());

    const down = await call(POST, postRequest("/api/kyc-challenge", body));
    expect(down).toEqual({
      status: 503,
      body: { statusCode: 503, message: KYC_PROVIDER_DOWN_MESSAGE },
    });
    expect(compilot.calls).toBe(1);
    // the signature was not consumed, nothing else written
    expect(await databaseFingerprint(t.db())).toEqual(before);
    // GET /api/kyc too: a 503, not a 500
    expectError(await call(kycGet, getRequest(`/api/kyc?userAddress=${user.address}`)), 503);

    compilot.down = false;
    const back = await call(POST, postRequest("/api/kyc-challenge", body));
    expect(back).toEqual({
      status: 200,
      body: { widgetUrl: "https://widget.compilot.example/s/1", sessionId: "s1" },
    });
    // now used: a replay is refused
    expectError(await call(POST, postRequest("/api/kyc-challenge", body)), 409);
  });
});
