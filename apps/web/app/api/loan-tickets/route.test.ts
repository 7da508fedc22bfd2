// @vitest-environment node
import {
  buildLoanTicketMessage,
  BORROWER_DECISION_WINDOW_MS,
  type LoanTicketDecision,
} from "@lending/sdk";
import { describe, expect, it } from "vitest";
import { loanTicketDecisions, usedSignatures } from "@/server/db/schema";
import {
  insertLoanTicket,
  insertNotices,
  type NewLoanTicket,
} from "@/server/repositories/loan-tickets";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  OVERSIZED_BODY,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { getWithCookie, signIn } from "@/server/test/session";
import { GET, POST } from "./route";

describe("/api/loan-tickets", () => {
  const t = setupApiTestDatabase();
  const user = newAccount();
  const other = newAccount();
  const decision: LoanTicketDecision = {
    endBorrowerID: "borrower-1",
    poolID: "0",
    trancheID: "1",
    status: "optedOut",
  };

  async function signed(requests: LoanTicketDecision[], timestamp = Date.now(), account = user) {
    const signature = await account.signMessage({
      message: buildLoanTicketMessage({
        userID: account.address,
        requests,
        timestamp,
        chainId: 31337,
      }),
    });
    return {
      userID: account.address.toLowerCase(),
      payload: requests.length === 1 ? requests[0] : requests,
      signature,
      signatureTimestamp: timestamp,
    };
  }

  /** A ticket the ops command recorded and told `told` of (only they may see it). */
  async function ticketFor(ticket: NewLoanTicket, told: { address: string }[]) {
    const row = await insertLoanTicket(t.db(), ticket);
    await insertNotices(
      t.db(),
      row.id,
      told.map((a) => ({ address: a.address, emailSentAt: new Date() })),
    );
    return row;
  }

  const rowCounts = async () => ({
    decisions: (await t.db().select().from(loanTicketDecisions)).length,
    signatures: (await t.db().select().from(usedSignatures)).length,
  });

  it("lists the user's tickets with createdOn, dailyGroupID and a pending status", async () => {
    const created = new Date(Date.now() - 3600_000);
    await ticketFor(
      {
        chainId: 31337,
        poolId: "0",
        trancheId: "1",
        endBorrowerId: "borrower-1",
        endBorrowerName: "Acme Invoices Ltd",
        assets: "25000",
        createdOn: created,
      },
      [user, other],
    );
    await ticketFor(
      {
        chainId: 31337,
        poolId: "0",
        trancheId: "2",
        endBorrowerId: "borrower-2",
        endBorrowerName: "Other Co",
        assets: "100",
        userAddress: other.address,
      },
      [other],
    );
    // recorded, but the user's funds do not back it: the user was not told and does not see it
    await ticketFor(
      {
        chainId: 31337,
        poolId: "0",
        trancheId: "0",
        endBorrowerId: "borrower-4",
        endBorrowerName: "Unseen Co",
        assets: "100",
      },
      [other],
    );
    // past the 2-day window and undecided: counts as opted in
    await ticketFor(
      {
        chainId: 31337,
        poolId: "1",
        trancheId: "0",
        endBorrowerId: "borrower-3",
        endBorrowerName: "Old Co",
        assets: "5",
        createdOn: new Date(Date.now() - BORROWER_DECISION_WINDOW_MS - 1000),
      },
      [user],
    );
    const r = await call(
      GET,
      getWithCookie(
        `/api/loan-tickets?chainId=31337&userAddress=${user.address}`,
        await signIn(user),
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(r.body[0]).toMatchObject({
      endBorrowerID: "borrower-3",
      status: "optedIn",
      decisionTimeLeftMs: 0,
    });
    expect(r.body[1]).toMatchObject({
      endBorrowerID: "borrower-1",
      endBorrowerName: "Acme Invoices Ltd",
      poolID: "0",
      trancheID: "1",
      assets: "25000",
      status: "pending",
      createdOn: created.toISOString(),
      dailyGroupID: created.getTime() - (created.getTime() % 86_400_000),
    });
  });

  it("GET needs the wallet's own session: 401 without one, 403 with another wallet's", async () => {
    const path = `/api/loan-tickets?chainId=31337&userAddress=${user.address}`;
    const anonymous = await call(GET, getRequest(path));
    expectError(anonymous, 401, /Sign in with this wallet first/);
    expect(JSON.stringify(anonymous.body)).not.toContain("Acme");
    const foreign = await call(GET, getWithCookie(path, await signIn(other)));
    expectError(foreign, 403, /belongs to another wallet/);
    expect(JSON.stringify(foreign.body)).not.toContain("Acme");
  });

  it.each([
    ["missing userAddress", "/api/loan-tickets?chainId=31337"],
    ["a bad address", "/api/loan-tickets?chainId=31337&userAddress=0x12"],
    [
      "an unknown chain",
      "/api/loan-tickets?chainId=1&userAddress=0x0000000000000000000000000000000000000001",
    ],
    [
      "an extra parameter",
      "/api/loan-tickets?userAddress=0x0000000000000000000000000000000000000001&x=1",
    ],
  ])("GET refuses %s with a 400", async (_, path) => {
    expectError(await call(GET, getRequest(path)), 400);
  });

  it.each([
    ["malformed JSON", '{"userID": '],
    ["an array", "[]"],
    ["an empty body", ""],
  ])("POST refuses %s with a 400 and writes nothing", async (_, body) => {
    expectError(await call(POST, postRequest("/api/loan-tickets?chainId=31337", body)), 400);
    expect(await rowCounts()).toEqual({ decisions: 0, signatures: 0 });
  });

  it("POST refuses wrong types, missing and extra fields, and oversized bodies", async () => {
    const good = await signed([decision]);
    const cases: [unknown, number][] = [
      [{ ...good, signatureTimestamp: "soon" }, 400],
      [{ ...good, payload: { ...decision, status: "maybe" } }, 400],
      [{ ...good, payload: { ...decision, extra: 1 } }, 400],
      [{ ...good, extra: true }, 400],
      [
        { userID: good.userID, payload: good.payload, signatureTimestamp: good.signatureTimestamp },
        400,
      ],
      [{ ...good, userID: 42 }, 400],
    ];
    for (const [body, status] of cases) {
      expectError(await call(POST, postRequest("/api/loan-tickets?chainId=31337", body)), status);
    }
    expectError(await call(POST, postRequest("/api/loan-tickets", OVERSIZED_BODY)), 413);
    expectError(
      await call(
        POST,
        postRequest("/api/loan-tickets", JSON.stringify(good), { "content-type": "text/plain" }),
      ),
      415,
    );
    expect(await rowCounts()).toEqual({ decisions: 0, signatures: 0 });
  });

  it("POST refuses bad, foreign and stale signatures with a 401", async () => {
    const good = await signed([decision]);
    const foreign = await signed([decision], Date.now(), other);
    expectError(
      await call(POST, postRequest("/api/loan-tickets", { ...good, signature: foreign.signature })),
      401,
      /Invalid signature/,
    );
    expectError(
      await call(
        POST,
        postRequest("/api/loan-tickets", { ...good, payload: { ...decision, status: "optedIn" } }),
      ),
      401,
    );
    const stale = await signed([decision], Date.now() - 6 * 60_000);
    expectError(
      await call(POST, postRequest("/api/loan-tickets", stale)),
      401,
      /older than 5 minutes/,
    );
    expect(await rowCounts()).toEqual({ decisions: 0, signatures: 0 });
  });

  it("POST refuses a signature for chain 31337 sent with chainId=8453 (400), writing nothing", async () => {
    // a ticket on chain 8453 that the replayed signature would decide
    await ticketFor(
      {
        chainId: 8453,
        poolId: "0",
        trancheId: "1",
        endBorrowerId: "borrower-1",
        endBorrowerName: "Acme Invoices Ltd",
        assets: "25000",
        userAddress: user.address,
      },
      [user],
    );
    const body = await signed([decision]);
    expect(
      buildLoanTicketMessage({
        userID: user.address,
        requests: [decision],
        timestamp: 1,
        chainId: 31337,
      }),
    ).toMatch(/ on chain 31337$/);
    const r = await call(POST, postRequest("/api/loan-tickets?chainId=8453", body));
    expectError(r, 400, /^chainId: this server serves chain 31337, not 8453$/);
    expectError(
      await call(GET, getRequest(`/api/loan-tickets?chainId=8453&userAddress=${user.address}`)),
      400,
      /serves chain 31337/,
    );
    expect(await rowCounts()).toEqual({ decisions: 0, signatures: 0 });
  });

  it("POST records a signed decision once; a replay is a 409", async () => {
    const body = await signed([decision]);
    const r = await call(POST, postRequest("/api/loan-tickets?chainId=31337", body));
    expect(r.status).toBe(200);
    expect(
      (r.body as unknown as { endBorrowerID: string }[]).find(
        (x) => x.endBorrowerID === "borrower-1",
      ),
    ).toMatchObject({
      status: "optedOut",
      decisionTimeLeftMs: 0,
    });
    expect(await rowCounts()).toEqual({ decisions: 1, signatures: 1 });
    expectError(await call(POST, postRequest("/api/loan-tickets?chainId=31337", body)), 409);
    // a new signature on a decided ticket: refused, nothing written
    expectError(
      await call(POST, postRequest("/api/loan-tickets", await signed([decision], Date.now() + 1))),
      409,
    );
    expect(await rowCounts()).toEqual({ decisions: 1, signatures: 1 });
  });

  it("POST refuses unknown tickets and closed windows (all or nothing)", async () => {
    const unknown = await signed([{ ...decision, endBorrowerID: "nobody" }]);
    expectError(await call(POST, postRequest("/api/loan-tickets", unknown)), 404);
    const closed = await signed([
      { ...decision, endBorrowerID: "borrower-3", poolID: "1", trancheID: "0" },
    ]);
    expectError(
      await call(POST, postRequest("/api/loan-tickets", closed)),
      409,
      /window has closed/,
    );
    // someone else's ticket is not visible
    const foreignTicket = await signed([
      { ...decision, endBorrowerID: "borrower-2", trancheID: "2" },
    ]);
    expectError(await call(POST, postRequest("/api/loan-tickets", foreignTicket)), 404);
    expect(await rowCounts()).toEqual({ decisions: 1, signatures: 1 });
  });
});
