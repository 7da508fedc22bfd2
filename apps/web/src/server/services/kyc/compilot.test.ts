// @vitest-environment node
import { describe, expect, it } from "vitest";
import { CompilotKycProvider, type FetchLike } from "./compilot";
import { KycProviderError } from "./types";

/** A fake Compilot at the HTTP boundary: records requests, answers canned JSON. */
function fakeCompilot(routes: Record<string, { status: number; body?: unknown }>) {
  const calls: { url: string; method: string; auth: string | null; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    calls.push({
      url,
      method,
      auth: headers.get("authorization"),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const route = routes[`${method} ${url}`] ?? { status: 404 };
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), {
      status: route.status,
    });
  };
  return { fetch, calls };
}

const A = "0x00000000000000000000000000000000000000Aa";
const a = A.toLowerCase();
const API = "https://compilot.example/api/";

describe("CompilotKycProvider", () => {
  it("reads a customer, opens a session and updates the email over HTTP with the API key", async () => {
    const fake = fakeCompilot({
      [`GET https://compilot.example/api/customers/${a}`]: {
        status: 200,
        body: {
          status: "active",
          fullName: "Ada Lovelace",
          email: "ada@example.org",
          entityType: "individual",
        },
      },
      ["POST https://compilot.example/api/sessions"]: {
        status: 200,
        body: { widgetUrl: "https://widget.compilot.example/s/1", sessionId: "s1" },
      },
      [`PATCH https://compilot.example/api/customers/${a}`]: {
        status: 200,
        body: { status: "Active", fullName: "Ada Lovelace", email: "new@example.org" },
      },
    });
    const p = new CompilotKycProvider({ apiUrl: API, apiKey: "secret-key", fetch: fake.fetch });
    expect(await p.getCustomer(A)).toEqual({
      address: a,
      status: "Active",
      entityType: "individual",
      fullName: "Ada Lovelace",
      email: "ada@example.org",
      provider: "compilot",
    });
    expect(await p.startVerification({ address: A, isIndividual: false })).toEqual({
      widgetUrl: "https://widget.compilot.example/s/1",
      sessionId: "s1",
    });
    expect((await p.updateEmail(A, "new@example.org")).email).toBe("new@example.org");
    expect(fake.calls.map((c) => c.auth)).toEqual(Array(3).fill("Bearer secret-key"));
    expect(fake.calls[1]!.body).toEqual({ address: a, isIndividual: false });
    expect(fake.calls[2]!.body).toEqual({ email: "new@example.org" });
  });

  it("reads the person's identity (identityId, else customerId, else id) for the referral rules", async () => {
    const customer = (body: Record<string, unknown>) =>
      fakeCompilot({
        [`GET https://compilot.example/api/customers/${a}`]: {
          status: 200,
          body: { status: "Active", fullName: "Ada Lovelace", ...body },
        },
      });
    const identity = async (body: Record<string, unknown>) =>
      (
        await new CompilotKycProvider({
          apiUrl: API,
          apiKey: "k",
          fetch: customer(body).fetch,
        }).getCustomer(A)
      ).identityId;
    expect(await identity({ identityId: "p-1", customerId: "c-1", id: 7 })).toBe("compilot-p-1");
    expect(await identity({ customerId: "c-1", id: 7 })).toBe("compilot-c-1");
    expect(await identity({ id: 7 })).toBe("compilot-7");
    expect(await identity({})).toBeUndefined();
  });

  it("answers 'Not started' on a 404 and throws KycProviderError on failures", async () => {
    const fake = fakeCompilot({ ["POST https://compilot.example/api/sessions"]: { status: 500 } });
    const p = new CompilotKycProvider({ apiUrl: API, apiKey: "k", fetch: fake.fetch });
    expect((await p.getCustomer(A)).status).toBe("Not started");
    await expect(p.startVerification({ address: A, isIndividual: true })).rejects.toBeInstanceOf(
      KycProviderError,
    );
    const down = new CompilotKycProvider({
      apiUrl: API,
      apiKey: "k",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(down.getCustomer(A)).rejects.toThrow(/unreachable/);
  });
});
