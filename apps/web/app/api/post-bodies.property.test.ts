// @vitest-environment node
/**
 * Property-based tests of every POST endpoint (fast-check): random bodies (arbitrary JSON,
 * near-valid mutations of a valid body, huge, deep and NUL-holding strings, raw text, missing or
 * wrong Content-Types) never produce a 5xx, and a refused request never changes the database.
 * The valid bodies the mutations start from were already used once, so no mutation can succeed
 * except in /api/logging, where a success adds exactly one row, and /api/auth/email/code, where a
 * valid new address gets a code. Deterministic: a fixed seed
 * (FAST_CHECK_SEED overrides it; fast-check prints the seed and the shrunk body on failure).
 */
import { eq } from "drizzle-orm";
import {
  buildEmailChallengeMessage,
  buildEmailConfirmationMessage,
  buildKycChallengeMessage,
  buildLenderAgreementMessage,
  buildLoanTicketMessage,
  buildReferralMessage,
} from "@lending/sdk";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { kycRecords, outbox } from "@/server/db/schema";
import {
  call,
  databaseFingerprint,
  newAccount,
  postRequest,
  rawPostRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { newNonce, siweMessage } from "@/server/test/session";
import { POST as unknownPost } from "./[[...slug]]/route";
import { POST as siwe } from "./auth/siwe/route";
import { POST as loginCode } from "./auth/email/code/route";
import { POST as loginVerify } from "./auth/email/verify/route";
import { POST as emailConfirm } from "./email-challenge/confirm/route";
import { POST as emailChallenge } from "./email-challenge/route";
import { POST as kycChallenge } from "./kyc-challenge/route";
import { POST as localSubmit } from "./kyc/local/route";
import { POST as lenderAgreements } from "./lender-agreements/route";
import { POST as loanTickets } from "./loan-tickets/route";
import { POST as logging } from "./logging/route";
import { POST as referral } from "./referral/route";

const SEED = Number(process.env.FAST_CHECK_SEED ?? 20261123);
const RUNS = 100;

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;

/** A string that breaks things: NUL, huge, deep-looking, unicode, numbers as text. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.integer({ min: 1_000, max: 40_000 }).map((n) => "x".repeat(n)),
  fc.constantFrom(
    "",
    " ",
    "0x",
    "0x0",
    "-1",
    "1e308",
    "NaN",
    "null",
    "\ud800",
    "😀",
    "0".repeat(80),
  ),
  fc.constantFrom(`0x${"0".repeat(40)}`, `0x${"f".repeat(130)}`, `0x${"a".repeat(8_200)}`),
);

/** A nested array or object `depth` deep (JSON text). */
const deepJson = fc
  .tuple(fc.integer({ min: 10, max: 6_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${"[".repeat(depth)}${"]".repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

/** Values that have broken servers: NUL-holding, huge and deeply nested (as JS values). */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000`),
  fc.integer({ min: 17, max: 1_500 }).map((depth) => {
    let v: unknown = [];
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  }),
  fc.integer({ min: 17, max: 600 }).map((depth) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  }),
  fc.integer({ min: 1_000, max: 40_000 }).map((n) => "z".repeat(n)),
);

/** Every path to a value inside `value` (objects only), the root excluded. */
function paths(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k])]);
}

function setPath(value: unknown, path: string[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  const copy = { ...(value as Record<string, unknown>) };
  copy[head!] = setPath(copy[head!], rest, to);
  return copy;
}

/** Mutations of a valid body: drop, retype or replace a field, add one, nest it. */
function nearValid(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  return fc
    .oneof(
      fc.constantFrom(...keys).map((k) => {
        const copy = { ...valid };
        delete copy[k];
        return copy;
      }),
      fc.tuple(fc.constantFrom(...keys), anyValue).map(([k, v]) => ({ ...valid, [k]: v })),
      fc.tuple(fc.string({ maxLength: 12 }), anyValue).map(([k, v]) => ({ ...valid, [k]: v })),
      fc.constantFrom(...keys).map((k) => ({ ...valid, [k]: [valid[k]] })),
      fc.constantFrom(...keys).map((k) => ({ ...valid, [k]: String(valid[k]).toUpperCase() })),
      fc.constantFrom(...keys).map((k) => ({ ...valid, [k]: { value: valid[k] } })),
      fc.constant(valid),
      fc.constant([valid]),
      // a hostile value at any depth of the body (e.g. a NUL in error.message, a deep cause)
      fc
        .tuple(fc.constantFrom(...paths(valid)), hostile)
        .map(([path, v]) => setPath(valid, path, v)),
      fc
        .tuple(fc.constantFrom(...paths(valid)), fc.string({ maxLength: 8 }), hostile)
        .map(([path, k, v]) => setPath(valid, [...path, k], v)),
    )
    .map((v) => JSON.stringify(v));
}

/** The body (as text) and its Content-Type. */
function bodies(valid: Record<string, unknown>) {
  const text = fc.oneof(
    { weight: 4, arbitrary: nearValid(valid) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deepJson },
    {
      weight: 1,
      arbitrary: deepJson.map((d) => JSON.stringify(valid).replace(/}$/, `,"x":${d}}`)),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 17_000, max: 40_000 }).map((n) => `"${"y".repeat(n)}"`),
    },
  );
  const type = fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/problem+json; charset=utf-8",
      ),
    },
  );
  return fc.record({ text, type, ip: fc.integer({ min: 1, max: 250 }) });
}

describe("POST endpoints: random bodies never give a 5xx nor change the database", () => {
  const t = setupApiTestDatabase();
  const user = newAccount();
  const address = user.address.toLowerCase();
  const valid: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    await t.db().insert(kycRecords).values({
      address,
      status: "Active",
      entityType: "individual",
      fullName: "Ada Lovelace",
      email: "ada@example.org",
      provider: "local",
      identityId: "local-ada",
    });
    const timestamp = Date.now() + 120_000; // fresh for the whole run (5 minutes either way)
    const sign = (message: string) => user.signMessage({ message });
    const decision = { endBorrowerID: "b-1", poolID: "0", trancheID: "0", status: "optedIn" };
    valid.loanTickets = {
      userID: address,
      payload: decision,
      signature: await sign(
        buildLoanTicketMessage({
          userID: address,
          requests: [decision as never],
          timestamp,
          chainId: 31337,
        }),
      ),
      signatureTimestamp: timestamp,
    };
    // pool 0, tranche 0 (seeded), variable APY
    const terms = { poolId: "0", trancheId: "0", fixedTermConfigId: "0" };
    valid.lenderAgreements = {
      address,
      depositAmount: "1000",
      ...terms,
      timestamp,
      signature: await sign(
        buildLenderAgreementMessage({
          address,
          depositAmount: "1000",
          ...terms,
          timestamp,
          chainId: 31337,
        }),
      ),
    };
    const referrer = newAccount().address.toLowerCase();
    // a referral needs a verified referrer, another person (issue 24)
    await t.db().insert(kycRecords).values({
      address: referrer,
      status: "Active",
      entityType: "individual",
      fullName: "Grace Hopper",
      email: "grace@example.org",
      provider: "local",
      identityId: "local-grace",
    });
    valid.referral = {
      owner: address,
      refferer: referrer,
      signature: await sign(buildReferralMessage({ owner: address, referrer, chainId: 31337 })),
    };
    valid.kycChallenge = {
      address,
      timestamp,
      isIndividual: true,
      signature: await sign(
        buildKycChallengeMessage({ address, isIndividual: true, timestamp, chainId: 31337 }),
      ),
    };
    valid.emailChallenge = {
      address,
      email: "new@example.org",
      timestamp,
      signature: await sign(
        buildEmailChallengeMessage({
          address,
          email: "new@example.org",
          timestamp,
          chainId: 31337,
        }),
      ),
    };
    valid.local = { session: "ab".repeat(24), fullName: "Ada Lovelace", isIndividual: true };
    valid.logging = {
      error: { message: "boom", name: "Error", stack: "at x", cause: { code: 1 } },
      chainId: 31337,
      address,
      title: "t",
      message: "m",
    };
    // use each signed body once: from now on every variation of it is refused
    for (const [handler, path, body] of [
      [lenderAgreements, "/api/lender-agreements", valid.lenderAgreements],
      [referral, "/api/referral", valid.referral],
      [kycChallenge, "/api/kyc-challenge", valid.kycChallenge],
      [emailChallenge, "/api/email-challenge", valid.emailChallenge],
    ] as const) {
      const r = await call(handler, postRequest(path, body, { "x-forwarded-for": "10.0.0.1" }));
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    // the confirmation code mailed by the email challenge (the dev outbox), used once too
    const [mail] = await t.db().select().from(outbox);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    expect(code, "a 6-digit code in the outbox").toBeDefined();
    valid.emailConfirm = {
      address,
      email: "new@example.org",
      code,
      timestamp,
      signature: await sign(
        buildEmailConfirmationMessage({
          address,
          email: "new@example.org",
          timestamp,
          chainId: 31337,
        }),
      ),
    };
    const nonce = await newNonce();
    const message = siweMessage(user, nonce);
    valid.siwe = { message, signature: await sign(message) };
    // an email sign-in code, used once: every variation of the verification is refused
    // (the code endpoint's own runs use another address: a pending code of the verified
    // address would make a wrong code count an attempt, by design)
    valid.loginCode = { email: "new.lender@example.net" };
    const asked = await call(
      loginCode,
      postRequest(
        "/api/auth/email/code",
        { email: "fuzz@example.org" },
        { "x-forwarded-for": "10.0.0.1" },
      ),
    );
    expect(asked.status).toBe(200);
    const [signInMail] = await t
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.to, "fuzz@example.org"));
    valid.loginVerify = {
      email: "fuzz@example.org",
      code: /sign-in code is (\d{6})/.exec(signInMail?.text ?? "")?.[1],
    };
    for (const [handler, path, body] of [
      [emailConfirm, "/api/email-challenge/confirm", valid.emailConfirm],
      [siwe, "/api/auth/siwe", valid.siwe],
      [loginVerify, "/api/auth/email/verify", valid.loginVerify],
    ] as const) {
      const r = await call(handler, postRequest(path, body, { "x-forwarded-for": "10.0.0.1" }));
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    }
  }, 60_000);

  const endpoints: [string, Handler, string, boolean][] = [
    ["loan-tickets", loanTickets, "loanTickets", false],
    ["lender-agreements", lenderAgreements, "lenderAgreements", false],
    ["referral", referral, "referral", false],
    ["kyc-challenge", kycChallenge, "kycChallenge", false],
    ["kyc/local", localSubmit, "local", false],
    ["email-challenge", emailChallenge, "emailChallenge", false],
    ["email-challenge/confirm", emailConfirm, "emailConfirm", false],
    ["auth/siwe", siwe, "siwe", false],
    // a valid new address gets a code (and a mail): the one endpoint here that may write
    ["auth/email/code", loginCode, "loginCode", true],
    ["auth/email/verify", loginVerify, "loginVerify", false],
    ["logging", logging, "logging", true],
    ["no-such-endpoint", unknownPost, "logging", false],
  ];

  it.each(endpoints)(
    "POST /api/%s",
    async (path, handler, key, mayWrite) => {
      let successes = 0;
      let run = 0;
      // Nothing but the handler writes between runs: the fingerprint after one run is the one
      // before the next (half the fingerprints; a write landing between two runs would still
      // fail the next run, so nothing is checked less).
      let last: Record<string, string> | undefined;
      await fc.assert(
        fc.asyncProperty(bodies(valid[key]!), async ({ text, type, ip }) => {
          const before = last ?? (await databaseFingerprint(t.db()));
          last = undefined;
          const headers: Record<string, string> = {
            // a new client per run, so the IP limit does not hide the validation
            "x-forwarded-for": `10.${run % 250}.${ip}.${Math.floor(run / 250) + 1}`,
          };
          run++;
          if (type) headers["content-type"] = type;
          const response = await handler(rawPostRequest(`/api/${path}`, text, headers), {
            params: Promise.resolve({}),
          });
          const status = response.status;
          const json = (await response.json()) as Record<string, unknown>;
          expect(status, JSON.stringify(json)).toBeLessThan(500);
          const after = await databaseFingerprint(t.db());
          last = after;
          if (status >= 300) {
            expect(json).toMatchObject({ statusCode: status, message: expect.any(String) });
            expect(after).toEqual(before);
          } else {
            expect(mayWrite, `${path} accepted ${text.slice(0, 200)}`).toBe(true);
            successes++;
            const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
            if (path === "auth/email/code") {
              // one new code for the address, and its mail
              expect(changed.sort()).toEqual(["login_codes", "outbox"]);
            } else {
              expect(changed).toEqual(["logs"]);
              expect(Number(after.logs!.split(":")[0])).toBe(
                Number(before.logs!.split(":")[0]) + 1,
              );
            }
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (mayWrite) expect(successes).toBeGreaterThan(0);
    },
    120_000,
  );
});
