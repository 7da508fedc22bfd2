// @vitest-environment node
import { buildKycChallengeMessage } from "@lending/sdk";
import { describe, expect, it } from "vitest";
import { getKycSignatureParams } from "@/server/actions/kyc";
import { kycRecords } from "@/server/db/schema";
import { LocalKycProvider } from "@/server/services/kyc";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { getWithCookie, signIn } from "@/server/test/session";
import { POST as kycChallenge } from "../kyc-challenge/route";
import { POST as localSubmit } from "./local/route";
import { GET } from "./route";

describe("KYC: /api/kyc, /api/kyc-challenge, /api/kyc/local", () => {
  const t = setupApiTestDatabase();
  const user = newAccount();
  const address = user.address.toLowerCase();

  async function challenge(isIndividual: boolean, timestamp = Date.now()) {
    const signature = await user.signMessage({
      message: buildKycChallengeMessage({
        address: user.address,
        isIndividual,
        timestamp,
        chainId: 31337,
      }),
    });
    return { address: user.address, signature, timestamp, isIndividual };
  }

  it("the KYC signature action refuses unverified users and bad input", async () => {
    expect(
      await getKycSignatureParams({
        address: user.address,
        poolId: 0,
        trancheId: 0,
        amount: "1000000",
        loanContractId: 1,
      }),
    ).toEqual({
      error: "KYC not completed",
      message: "Identity verification process is not yet completed.",
    });
    expect(
      await getKycSignatureParams({
        address: user.address,
        poolId: -1,
        trancheId: 0,
        amount: "1",
        loanContractId: 1,
      }),
    ).toMatchObject({ error: "Invalid request" });
  });

  it("GET answers 'Not started' for an unknown wallet and 400 for a bad address", async () => {
    const r = await call(GET, getRequest(`/api/kyc?userAddress=${user.address}`));
    expect(r).toEqual({ status: 200, body: { address, status: "Not started", provider: "local" } });
    expectError(await call(GET, getRequest("/api/kyc?userAddress=abc")), 400);
    expectError(await call(GET, getRequest(`/api/kyc?userAddress=${address}&chainId=1`)), 400);
  });

  it("a signed challenge opens a widget session; the widget's submission is auto-approved locally (No Email without an email)", async () => {
    const bad = await challenge(true);
    expectError(
      await call(kycChallenge, postRequest("/api/kyc-challenge", { ...bad, isIndividual: "yes" })),
      400,
    );
    expectError(
      await call(kycChallenge, postRequest("/api/kyc-challenge", { ...bad, isIndividual: false })),
      401,
    );
    expectError(
      await call(
        kycChallenge,
        postRequest("/api/kyc-challenge", await challenge(true, Date.now() - 400_000)),
      ),
      401,
    );

    const body = await challenge(true);
    const r = await call(kycChallenge, postRequest("/api/kyc-challenge", body));
    expect(r.status).toBe(200);
    expect(r.body.widgetUrl).toBe(`/kyc/local?session=${r.body.sessionId}`);
    expectError(await call(kycChallenge, postRequest("/api/kyc-challenge", body)), 409);

    const session = r.body.sessionId as string;
    expectError(
      await call(localSubmit, postRequest("/api/kyc/local", { session, fullName: "A" })),
      400,
    );
    expectError(
      await call(
        localSubmit,
        postRequest("/api/kyc/local", { session, fullName: "Ada", role: "x" }),
      ),
      400,
    );
    expectError(
      await call(
        localSubmit,
        postRequest("/api/kyc/local", { session: "ab".repeat(24), fullName: "Ada Lovelace" }),
      ),
      404,
    );
    const submitted = await call(
      localSubmit,
      postRequest("/api/kyc/local", { session, fullName: "Ada Lovelace" }),
    );
    expect(submitted.body).toMatchObject({
      status: "No Email",
      fullName: "Ada Lovelace",
      entityType: "individual",
    });
    // the session is used up
    expectError(
      await call(localSubmit, postRequest("/api/kyc/local", { session, fullName: "Ada Lovelace" })),
      404,
    );
    expect((await call(GET, getRequest(`/api/kyc?userAddress=${address}`))).body.status).toBe(
      "No Email",
    );
  });

  it("GET answers only the status without the owner's session; the full record to the owner", async () => {
    // (after the previous tests, user is 'No Email' as Ada Lovelace)
    const path = `/api/kyc?userAddress=${address}`;
    const publicView = { address, status: "No Email", provider: "local" };
    const anonymous = await call(GET, getRequest(path));
    expect(anonymous).toEqual({ status: 200, body: publicView });
    const stranger = newAccount();
    const foreign = await call(GET, getWithCookie(path, await signIn(stranger)));
    expect(foreign).toEqual({ status: 200, body: publicView });
    for (const r of [anonymous, foreign]) {
      expect(JSON.stringify(r.body)).not.toMatch(/Ada|individual/);
    }
    const own = await call(GET, getWithCookie(path, await signIn(user)));
    expect(own).toEqual({
      status: 200,
      body: {
        ...publicView,
        entityType: "individual",
        fullName: "Ada Lovelace",
        email: null,
      },
    });
  });

  it("the local provider's review queue: To be reviewed, then approve or reject", async () => {
    const provider = new LocalKycProvider(t.db(), { autoApprove: false });
    const a = newAccount();
    const b = newAccount();
    for (const account of [a, b]) {
      const { sessionId } = await provider.startVerification({
        address: account.address,
        isIndividual: false,
      });
      const info = await provider.submit({ session: sessionId, fullName: "Firm" });
      expect(info).toMatchObject({ status: "To be reviewed", entityType: "business" });
    }
    expect((await provider.list(["To be reviewed"])).map((k) => k.address)).toEqual([
      a.address.toLowerCase(),
      b.address.toLowerCase(),
    ]);
    // no email was confirmed: approved without one
    expect((await provider.review(a.address, "approve")).status).toBe("No Email");
    expect((await provider.review(b.address, "reject")).status).toBe("Rejected");
    expect(await t.db().select().from(kycRecords)).toHaveLength(3);
  });
});
