// @vitest-environment node
import {
  buildContractDownloadMessage,
  buildLenderAgreementMessage,
  buildLoanContractAcceptanceMessage,
  formatPercent,
  LOAN_CONTRACT_VALIDITY_MS,
  readPools,
} from "@lending/sdk";
import { eq } from "drizzle-orm";
import { createPublicClient, http } from "viem";
import { describe, expect, inject, it } from "vitest";
import {
  acceptLoanContract,
  downloadContractPdf,
  fetchContractContent,
} from "@/server/actions/loan-contracts";
import { kycRecords, lenderAgreements, usedSignatures } from "@/server/db/schema";
import {
  call,
  expectError,
  newAccount,
  OVERSIZED_BODY,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { POST } from "./route";

/** A loan contract's terms: pool 0, tranche 0 (seeded), variable APY. */
const TERMS = { poolId: "0", trancheId: "0", fixedTermConfigId: "0" };

describe("/api/lender-agreements and the contract actions", () => {
  const { rpcUrl, deployment } = inject("anvil");
  const client = createPublicClient({ transport: http(rpcUrl) });
  const t = setupApiTestDatabase();
  const lender = newAccount();
  const business = newAccount();
  const unverified = newAccount();
  const path = "/api/lender-agreements?chainId=31337";

  async function body(
    account = lender,
    depositAmount = "1500.25",
    timestamp = Date.now(),
    terms = TERMS,
  ) {
    const signature = await account.signMessage({
      message: buildLenderAgreementMessage({
        address: account.address,
        depositAmount,
        ...terms,
        timestamp,
        chainId: 31337,
      }),
    });
    return { address: account.address, signature, timestamp, depositAmount, ...terms };
  }
  const counts = async () => ({
    agreements: (await t.db().select().from(lenderAgreements)).length,
    signatures: (await t.db().select().from(usedSignatures)).length,
  });

  it("refuses malformed, mistyped, incomplete, extra and oversized requests", async () => {
    const good = await body();
    for (const bad of [
      "{",
      { ...good, depositAmount: "-1" },
      { ...good, depositAmount: "1.1234567" },
      { ...good, timestamp: true },
      { ...good, extra: 1 },
      { ...good, poolId: "pool-1" },
      { ...good, trancheId: -1 },
      { address: good.address, signature: good.signature, timestamp: good.timestamp },
    ]) {
      expectError(await call(POST, postRequest(path, bad)), 400);
    }
    expectError(await call(POST, postRequest(path, OVERSIZED_BODY)), 413);
    expect(await counts()).toEqual({ agreements: 0, signatures: 0 });
  });

  it("refuses users without a completed KYC: 'Failed to retrieve fullname'", async () => {
    const r = await call(POST, postRequest(path, await body(unverified)));
    expectError(r, 403, /Failed to retrieve fullname/);
    expect(r.body.error).toBe("Failed to retrieve fullname");
    expect(await counts()).toEqual({ agreements: 0, signatures: 0 });
  });

  it("generates, stores and returns a retail contract; a replay is a 409; stale is a 401", async () => {
    await t
      .db()
      .insert(kycRecords)
      .values([
        {
          address: lender.address.toLowerCase(),
          status: "Active",
          entityType: "individual",
          fullName: "Ada Lovelace",
          email: "ada@example.org",
          provider: "local",
        },
        {
          address: business.address.toLowerCase(),
          status: "No Email",
          entityType: "business",
          fullName: "Analytical Engines Ltd",
          provider: "local",
        },
      ]);
    const b = await body();
    const r = await call(POST, postRequest(path, b));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      fullName: "Ada Lovelace",
      contractType: "retail",
      contractVersion: "v2",
      timestamp: b.timestamp,
    });
    const formatted = JSON.parse(r.body.formattedMessage as string);
    expect(formatted.sections).toHaveLength(4);
    expect(formatted.importantNote).toMatch(/valid for 5 minutes/);
    expect(formatted.terms).toEqual(TERMS);
    // what is agreed: the pool, the tranche and its variable APY as the chain has them
    const pool = (await readPools(client, deployment))[0]!;
    const tranche = pool.tranches[0]!;
    expect(r.body.contractMessage).toContain("Ada Lovelace");
    expect(r.body.contractMessage).toContain(
      `The Lender lends 1,500.25 USDC to the ${tranche.name} tranche of the ${pool.poolName} pool`,
    );
    expect(r.body.contractMessage).toContain(
      `the variable APY of the ${tranche.name} tranche, ${formatPercent(tranche.apy)} when this contract was generated`,
    );
    expect(r.body.contractMessage).toContain(lender.address.toLowerCase());
    expect(await counts()).toEqual({ agreements: 1, signatures: 1 });

    expectError(await call(POST, postRequest(path, b)), 409, /already used/);
    expectError(
      await call(POST, postRequest(path, await body(lender, "10", Date.now() - 301_000))),
      401,
    );
    expectError(await call(POST, postRequest(path, { ...b, depositAmount: "10" })), 401);
    expect(await counts()).toEqual({ agreements: 1, signatures: 1 });

    const biz = await call(POST, postRequest(path, await body(business, "100")));
    expect(biz.body).toMatchObject({ contractType: "exempt", fullName: "Analytical Engines Ltd" });

    // a fixed APY: the contract names the rate and its term
    const fixedTranche = pool.tranches.find((x) => x.fixedTermConfig.length > 0);
    expect(fixedTranche, "the seeded pool has a fixed term").toBeDefined();
    const config = fixedTranche!.fixedTermConfig[0]!;
    const fixedTerms = {
      poolId: pool.id.toString(),
      trancheId: fixedTranche!.id.toString(),
      fixedTermConfigId: config.configId.toString(),
    };
    const fixed = await call(
      POST,
      postRequest(path, await body(business, "100", Date.now(), fixedTerms)),
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.contractMessage).toContain(
      `a fixed APY of ${formatPercent(config.apy)} for about ${config.epochLockDuration} weeks (${config.epochLockDuration} epochs of 7 days)`,
    );
    // a pool, tranche or fixed term the chain does not have: 400, nothing written
    const before = await counts();
    for (const unknown of [
      { ...TERMS, poolId: "999" },
      { ...TERMS, trancheId: "99" },
      { ...TERMS, fixedTermConfigId: "99" },
    ]) {
      expectError(
        await call(POST, postRequest(path, await body(business, "100", Date.now(), unknown))),
        400,
        /No such pool, tranche or fixed term/,
      );
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a signature for chain 31337 sent with chainId=8453 (400), writing nothing", async () => {
    const before = await counts();
    const r = await call(POST, postRequest("/api/lender-agreements?chainId=8453", await body()));
    expectError(r, 400, /^chainId: this server serves chain 31337, not 8453$/);
    // signed for 8453, sent to this 31337 server: the message it rebuilds differs
    const timestamp = Date.now();
    const for8453 = await lender.signMessage({
      message: buildLenderAgreementMessage({
        address: lender.address,
        depositAmount: "10",
        ...TERMS,
        timestamp,
        chainId: 8453,
      }),
    });
    expectError(
      await call(
        POST,
        postRequest(path, {
          address: lender.address,
          signature: for8453,
          timestamp,
          depositAmount: "10",
          ...TERMS,
        }),
      ),
      401,
      /Invalid signature/,
    );
    expect(await counts()).toEqual(before);
  });

  it("serves a stored contract's text and PDF for a signed download request only", async () => {
    const [row] = await t.db().select().from(lenderAgreements);
    const timestamp = Date.now();
    const signature = await lender.signMessage({
      message: buildContractDownloadMessage({
        address: lender.address,
        id: row!.id,
        timestamp,
        chainId: 31337,
      }),
    });
    const request = { address: lender.address, signature, timestamp, id: row!.id, chain: 31337 };
    const content = await fetchContractContent(request);
    expect(content).toEqual({
      contractMessage: row!.contractMessage,
      formattedMessage: row!.formattedMessage,
      timestamp: row!.timestamp,
    });
    const pdf = await downloadContractPdf(request);
    if ("error" in pdf) throw new Error(pdf.message);
    expect(pdf.fileName).toBe(`loan-contract-${row!.timestamp}.pdf`);
    const bytes = Buffer.from(pdf.base64, "base64");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);

    expect(await fetchContractContent({ ...request, id: row!.id + 1 })).toMatchObject({
      error: "HTTP 401",
    });
    const other = newAccount();
    const foreign = await other.signMessage({
      message: buildContractDownloadMessage({
        address: other.address,
        id: row!.id,
        timestamp,
        chainId: 31337,
      }),
    });
    expect(
      await fetchContractContent({ ...request, address: other.address, signature: foreign }),
    ).toMatchObject({ error: "HTTP 404" });
    expect(await fetchContractContent({ ...request, timestamp: "x" } as never)).toMatchObject({
      error: "HTTP 400",
    });
  });

  it("records a signed acceptance of a live contract once; refuses others' and expired ones", async () => {
    const [row] = await t.db().select().from(lenderAgreements);
    const id = row!.id;
    const accept = async (account = lender, timestamp = Date.now(), contractId = id) => ({
      address: account.address,
      id: contractId,
      timestamp,
      chain: 31337,
      signature: await account.signMessage({
        message: buildLoanContractAcceptanceMessage({
          address: account.address,
          id: contractId,
          timestamp,
          chainId: 31337,
        }),
      }),
    });
    // an expired contract cannot be accepted, and nothing is recorded
    await t
      .db()
      .update(lenderAgreements)
      .set({ timestamp: Date.now() - LOAN_CONTRACT_VALIDITY_MS - 1_000 })
      .where(eq(lenderAgreements.id, id));
    expect(await acceptLoanContract(await accept())).toEqual({
      error: "HTTP 410",
      message: "The Loan Contract you generated has expired. Please try again.",
    });
    await t
      .db()
      .update(lenderAgreements)
      .set({ timestamp: Date.now() })
      .where(eq(lenderAgreements.id, id));
    // someone else's signature, another contract's id, a signature over other text
    expect(await acceptLoanContract(await accept(business))).toMatchObject({ error: "HTTP 404" });
    const forged = await accept();
    expect(await acceptLoanContract({ ...forged, id: id + 1 })).toMatchObject({
      error: "HTTP 401",
    });
    expect(await acceptLoanContract({ ...forged, signature: "0x1234" })).toMatchObject({
      error: "HTTP 400",
    });
    // the chain-31337 acceptance sent for chain 8453 is refused
    expect(await acceptLoanContract({ ...forged, chain: 8453 })).toEqual({
      error: "HTTP 400",
      message: "chainId: this server serves chain 31337, not 8453",
    });
    let [stored] = await t.db().select().from(lenderAgreements).where(eq(lenderAgreements.id, id));
    expect(stored!.acceptedAt).toBeNull();

    const ok = await acceptLoanContract(forged);
    if ("error" in ok) throw new Error(ok.message);
    expect(ok.id).toBe(id);
    [stored] = await t.db().select().from(lenderAgreements).where(eq(lenderAgreements.id, id));
    expect(stored!.acceptanceSignature).toBe(forged.signature);
    expect(stored!.acceptanceTimestamp).toBe(forged.timestamp);
    expect(stored!.acceptedAt).not.toBeNull();
    // replaying the same acceptance is refused
    expect(await acceptLoanContract(forged)).toMatchObject({ error: "HTTP 409" });
  });
});
