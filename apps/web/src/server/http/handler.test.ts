// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiHandler } from "./handler";
import { HSTS } from "./security-headers";

const post = (headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/x", { method: "POST", headers });

describe("apiHandler and the server's configuration", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("answers a configuration it cannot read with a logged JSON 500, not a thrown error", async () => {
    vi.stubEnv("CHAIN_ID", "not-a-chain");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const handle = vi.fn(async () => ({ ok: true }));
    const response = await apiHandler(handle)(post({ "x-forwarded-proto": "https" }), {});
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ statusCode: 500, message: "Internal server error" });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(handle).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });

  it("reads the configuration of the request: HSTS behind a trusted proxy that saw https only", async () => {
    const handle = async () => ({ ok: true });
    vi.stubEnv("TRUST_PROXY", "1");
    const https = await apiHandler(handle)(post({ "x-forwarded-proto": "https" }), {});
    expect(await https.json()).toEqual({ ok: true });
    expect(https.headers.get("strict-transport-security")).toBe(HSTS);
    // the next request sees a changed environment (outside production)
    vi.stubEnv("TRUST_PROXY", "0");
    const direct = await apiHandler(handle)(post({ "x-forwarded-proto": "https" }), {});
    expect(direct.status).toBe(200);
    expect(direct.headers.get("strict-transport-security")).toBeNull();
  });
});
