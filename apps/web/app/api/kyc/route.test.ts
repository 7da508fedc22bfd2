// @vitest-environment node
import { buildEmailConfirmationMessage, buildKycChallengeMessage } from "@lending/sdk";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getKycSignatureParams } from "@/server/actions/kyc";
import { emailCodes, kycRecords, outbox } from "@/server/db/schema";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import { EMAIL_CODE_IP_LIMIT } from "@/server/services/email-confirmation";
import { LocalKycProvider } from "@/server/services/kyc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { getWithCookie, signIn } from "@/server/test/session";
import { POST as confirm } from "../email-challenge/confirm/route";
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

  /** A widget session of `account` (its signed challenge). */
  async function widgetSession(account: ReturnType<typeof newAccount>) {
    const timestamp = Date.now();
    const signature = await account.signMessage({
      message: buildKycChallengeMessage({
        address: account.address,
        isIndividual: true,
        timestamp,
        chainId: 31337,
      }),
    });
    const opened = await call(
      kycChallenge,
      postRequest("/api/kyc-challenge", {
        address: account.address,
        signature,
        timestamp,
        isIndividual: true,
      }),
    );
    return opened.body.sessionId as string;
  }

  it("an email typed in the widget is not the lender's until the code mailed to it is confirmed (a stranger's address stays unconfirmed)", async () => {
    const lender = newAccount();
    const victim = "Victim@Example.org";
    const submitted = await call(
      localSubmit,
      postRequest("/api/kyc/local", {
        session: await widgetSession(lender),
        fullName: "Mallory Example",
        email: victim,
      }),
    );
    expect(submitted.status).toBe(200);
    // verified, without an email: the typed one is only pending, a code was mailed to it
    expect(submitted.body).toMatchObject({
      status: "No Email",
      email: null,
      pendingEmail: "victim@example.org",
    });
    const own = lender.address.toLowerCase();
    const [record] = await t.db().select().from(kycRecords).where(eq(kycRecords.address, own));
    expect(record).toMatchObject({ status: "No Email", email: null });
    const [mail] = await t
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.to, "victim@example.org"))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /confirmation code is (\d{6})\b/.exec(mail?.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [pending] = await t.db().select().from(emailCodes).where(eq(emailCodes.address, own));
    expect(pending).toMatchObject({ email: "victim@example.org", confirmedAt: null });

    // the owner of the mailbox confirms it with the lender's wallet: now it is the lender's
    const at = Date.now();
    const confirmed = await call(
      confirm,
      postRequest("/api/email-challenge/confirm", {
        address: lender.address,
        email: "victim@example.org",
        code,
        timestamp: at,
        signature: await lender.signMessage({
          message: buildEmailConfirmationMessage({
            address: lender.address,
            email: "victim@example.org",
            timestamp: at,
            chainId: 31337,
          }),
        }),
      }),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "Active", email: "victim@example.org" });
  });

  it("the widget mails no code past the per-IP cap of confirmation codes: the verification stands, no email pending", async () => {
    const ip = "203.0.113.21";
    for (let n = 0; n < EMAIL_CODE_IP_LIMIT.limit; n++) {
      await enforceRateLimit(t.db(), [`email-code:ip:${ip}`], EMAIL_CODE_IP_LIMIT);
    }
    const lender = newAccount();
    const submitted = await call(
      localSubmit,
      postRequest(
        "/api/kyc/local",
        { session: await widgetSession(lender), fullName: "Flood Example", email: "x@example.org" },
        { [PEER_ADDRESS_HEADER]: ip },
      ),
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: "No Email", email: null });
    expect(submitted.body.pendingEmail).toBeUndefined();
    expect(submitted.body.pendingEmailError).toMatch(
      /^Too many confirmation codes asked from this network/,
    );
    const own = lender.address.toLowerCase();
    expect(await t.db().select().from(emailCodes).where(eq(emailCodes.address, own))).toEqual([]);
    expect(await t.db().select().from(outbox).where(eq(outbox.to, "x@example.org"))).toEqual([]);
  });
});
