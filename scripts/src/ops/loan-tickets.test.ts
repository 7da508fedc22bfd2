import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseEventLogs, type Address } from "viem";
import { lenderExposure, lendingPoolManagerAbi } from "@lending/sdk";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../apps/web/src/server/db/client";
import { openMigratedTestDatabase } from "../../../apps/web/src/server/test/pglite-template";
import { eq } from "drizzle-orm";
import {
  kycRecords,
  loanTicketReturns,
  loanTickets,
  outbox,
} from "../../../apps/web/src/server/db/schema";
import {
  insertDecisions,
  ticketsForUser,
} from "../../../apps/web/src/server/repositories/loan-tickets";
import { LocalKycProvider } from "../../../apps/web/src/server/services/kyc/local";
import { trancheHolders } from "../../../apps/web/src/server/services/manage/loan-tickets";
import { withSnapshot } from "../fixture/snapshot";
import { devAccount } from "../lib/dev-accounts";
import { UsageError } from "./db-commands";
import {
  createLoanTicket,
  parseCreateTicketArgs,
  returnOptedOutFunds,
  type TicketMailSetup,
} from "./loan-tickets";
import { testChain } from "./test-chain";

const CASH_POOL = 1n; // the seed's one-tranche pool (10 USDC minimum)
const LENDER = devAccount(1);
const OTHER = devAccount(2); // listed by the indexer, but holds nothing now
const FROM = "no-reply@lending.example";

describe("ops loan-tickets:create arguments", () => {
  const base = ["--pool", "0", "--tranche", "1", "--borrower-id", "b-1"];
  const more = ["--borrower-name", "Acme Ltd", "--assets", "25000"];

  it("parses ids, the borrower, the amount, an optional lender and a past creation time", () => {
    expect(parseCreateTicketArgs([...base, ...more], 31337)).toEqual({
      chainId: 31337,
      poolId: 0n,
      trancheId: 1n,
      endBorrowerId: "b-1",
      endBorrowerName: "Acme Ltd",
      assets: "25000",
      user: undefined,
      createdOn: undefined,
    });
    const one = parseCreateTicketArgs(
      [...base, ...more, "--user", LENDER.address, "--created-on", "2026-01-01T09:00:00Z"],
      31337,
    );
    expect(one.user).toBe(LENDER.address.toLowerCase());
    expect(one.createdOn?.toISOString()).toBe("2026-01-01T09:00:00.000Z");
  });

  it.each([
    [["--pool", "0"], "--tranche is required"],
    [[...base.slice(0, 2), "--tranche", "x", ...base.slice(4), ...more], "--tranche must be"],
    [[...base, "--borrower-name", "Acme", "--assets", "0"], "--assets must be a USDC amount"],
    [[...base, "--borrower-name", "Acme", "--assets", "1.1234567"], "--assets must be"],
    [[...base, ...more, "--user", "0x12"], "--user must be an address"],
    [[...base, ...more, "--created-on", "yesterday"], "--created-on must be an ISO time"],
    [
      [...base, ...more, "--created-on", new Date(Date.now() + 3_600_000).toISOString()],
      "not in the future",
    ],
    [[...base, ...more, "--chain", "8453"], "--chain 8453 is not CHAIN_ID 31337"],
    [[...base, ...more, "stray"], "Unexpected argument stray"],
  ])("refuses %j: %s", (args, message) => {
    expect(() => parseCreateTicketArgs(args, 31337)).toThrow(UsageError);
    expect(() => parseCreateTicketArgs(args, 31337)).toThrow(message);
  });
});

describe("ops loan tickets on the local chain", () => {
  const anvil = inject("anvil");
  const c = testChain(anvil);
  let handle: DatabaseHandle;
  let indexer: Server;
  let indexerUrl = "";
  const asked: string[] = [];
  /** the block the stub indexer says it has read the chain up to (its GET /sync) */
  let indexedBlock = "1000000000";

  beforeAll(async () => {
    handle = await openMigratedTestDatabase();
    // the indexer's /tranche-lenders, two pages: everyone it saw accepted into the tranche
    indexer = createServer((req, res) => {
      asked.push(req.url ?? "");
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/sync") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ indexedBlock, behindSeconds: 0 }));
        return;
      }
      const page = Number(url.searchParams.get("page"));
      const items = page === 1 ? [LENDER.address.toLowerCase()] : [OTHER.address.toLowerCase()];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ items, page, pageSize: 1000, hasMore: page === 1 }));
    });
    await new Promise<void>((r) => indexer.listen(0, "127.0.0.1", r));
    indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`;
    vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await new Promise((r) => indexer.close(r));
    await handle.close();
  });

  const setup = (): TicketMailSetup => {
    const kyc = new LocalKycProvider(handle.db);
    return {
      mail: { from: FROM },
      appName: "Lending",
      portfolioUrl: "http://localhost:3000/portfolio",
      emailOf: async (a: Address) => (await kyc.getCustomer(a)).email ?? null,
    };
  };
  const ticketArgs = {
    chainId: anvil.chainId,
    poolId: CASH_POOL,
    trancheId: 0n,
    endBorrowerId: "b-acme",
    endBorrowerName: "Acme Ltd",
    assets: "50",
  };

  it("tells and mails the lenders whose funds are in the tranche; an opt-out gets its part back once", async () => {
    await withSnapshot(anvil.rpcUrl, async () => {
      const shares = await c.settledPosition(LENDER, { pool: CASH_POOL });
      await handle.db.insert(kycRecords).values({
        address: LENDER.address.toLowerCase(),
        status: "Active",
        entityType: "individual",
        fullName: "Grace Hopper",
        email: "grace@example.com",
        provider: "local",
      });
      const chain = { ...c, walletClient: c.admin, indexerUrl };
      const { ticket, notified, mailed } = await createLoanTicket(
        handle.db,
        chain,
        ticketArgs,
        setup(),
      );
      expect({ notified, mailed }).toEqual({ notified: 1, mailed: 1 });
      // the block the holders were read at: deposits accepted up to it back the loan
      expect(ticket.blockNumber).toBe(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
      const pages = asked.filter((u) => u.startsWith("/tranche-lenders"));
      expect(pages.map((u) => new URL(u, "http://x").searchParams.get("page"))).toEqual(["1", "2"]);
      // after the indexer said it had read the chain up to the ticket's block
      expect(asked.indexOf("/sync")).toBeLessThan(asked.indexOf(pages[0]!));
      const mails = await handle.db.select().from(outbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ from: FROM, to: "grace@example.com" });
      expect(mails[0]!.subject).toBe("Lending: a borrower was identified for your funds");
      expect(mails[0]!.text).toContain("Acme Ltd (b-acme), 50.00 USDC");
      expect(mails[0]!.text).toContain("http://localhost:3000/portfolio");
      expect(mails[0]!.text).toContain(`sent from ${FROM}, a no-reply address`);
      // only the lenders told see it
      const seen = await ticketsForUser(handle.db, anvil.chainId, LENDER.address.toLowerCase());
      expect(seen.map((r) => [r.ticket.id, r.notice.emailSentAt !== null])).toEqual([
        [ticket.id, true],
      ]);
      expect(await ticketsForUser(handle.db, anvil.chainId, OTHER.address.toLowerCase())).toEqual(
        [],
      );

      // nobody opted out yet: nothing to return
      expect(await returnOptedOutFunds(handle.db, chain, ticket.id)).toEqual([]);
      await insertDecisions(handle.db, [
        { ticketId: ticket.id, userAddress: LENDER.address.toLowerCase(), status: "optedOut" },
      ]);
      const state = await c.publicClient.readContract({
        ...c.lpm,
        functionName: "getTrancheState",
        args: [CASH_POOL, 0n],
      });
      const [returned] = await returnOptedOutFunds(handle.db, chain, ticket.id);
      // the lender's part of the 50 USDC loan only, never the whole position: the loan pro rata
      // to the lender's share of the tranche, in shares by the chain's own convertToShares
      const exposure = lenderExposure({
        loanAssets: 50_000_000n,
        holderShares: shares,
        trancheShares: state.totalShares,
        trancheAssets: state.totalAssets,
      });
      const expected = await c.publicClient.readContract({
        ...c.lpm,
        functionName: "convertToShares",
        args: [CASH_POOL, 0n, exposure],
      });
      // (the lender holds the whole tranche here: its part is the whole loan, not its position)
      expect(exposure).toBe(50_000_000n);
      expect(expected).toBeGreaterThan(0n);
      expect(expected).toBeLessThan(shares);
      expect(returned).toMatchObject({
        user: LENDER.address.toLowerCase(),
        shares: expected,
        exposure,
      });
      // worth the exposure, to the unit, at the tranche's totals
      const worth = await c.publicClient.readContract({
        ...c.lpm,
        functionName: "convertToAssets",
        args: [CASH_POOL, 0n, expected],
      });
      expect(exposure - worth).toBeGreaterThanOrEqual(0n);
      expect(exposure - worth).toBeLessThanOrEqual(1n);
      const request = await c.publicClient.readContract({
        ...c.lpm,
        functionName: "requestStatus",
        args: [returned!.nftId!],
      });
      expect(request.owner).toBe(LENDER.address);
      expect(request.amount).toBe(expected);
      const logs = await c.publicClient.getContractEvents({
        address: c.deployment.lendingPoolManager,
        abi: lendingPoolManagerAbi,
        eventName: "WithdrawalForced",
        fromBlock: 0n,
      });
      expect(
        parseEventLogs({ abi: lendingPoolManagerAbi, logs }).some(
          (l) => "nftId" in l.args && l.args.nftId === returned!.nftId,
        ),
      ).toBe(true);
      const [row] = await ticketsForUser(handle.db, anvil.chainId, LENDER.address.toLowerCase());
      expect(row!.fundsReturn).toMatchObject({
        nftId: String(returned!.nftId),
        shares: String(expected),
        holderShares: String(shares),
      });
      // again: sends nothing
      const nonce = await c.publicClient.getTransactionCount({ address: c.admin.account.address });
      expect(await returnOptedOutFunds(handle.db, chain, ticket.id)).toEqual([]);
      expect(await c.publicClient.getTransactionCount({ address: c.admin.account.address })).toBe(
        nonce,
      );
      // a run that stopped after sending (the row without its request): the next run finds the
      // forced withdrawal on chain and completes the record, sending nothing
      await handle.db
        .update(loanTicketReturns)
        .set({ nftId: null, transactionHash: null })
        .where(eq(loanTicketReturns.ticketId, ticket.id));
      expect(await returnOptedOutFunds(handle.db, chain, ticket.id)).toEqual([
        { user: LENDER.address.toLowerCase(), nftId: returned!.nftId, shares: expected },
      ]);
      expect(await c.publicClient.getTransactionCount({ address: c.admin.account.address })).toBe(
        nonce,
      );
      const [again] = await ticketsForUser(handle.db, anvil.chainId, LENDER.address.toLowerCase());
      expect(again!.fundsReturn?.nftId).toBe(String(returned!.nftId));
    });
  });

  it("waits for the indexer to reach the ticket's block; while it lags, no lender is left out silently", async () => {
    const chain = { ...c, indexerUrl };
    const block = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    try {
      indexedBlock = String(block - 1n);
      await expect(trancheHolders(chain, CASH_POOL, 0n, block, 0)).rejects.toThrow(
        `The indexer has read the chain up to block ${block - 1n}, not yet block ${block}: a lender who joined the tranche since would not be told. Try again once it has caught up.`,
      );
      // it catches up while the ticket waits: the holders are read then
      asked.length = 0;
      setTimeout(() => (indexedBlock = String(block)), 300);
      await trancheHolders(chain, CASH_POOL, 0n, block, 10_000);
      expect(asked.filter((u) => u === "/sync").length).toBeGreaterThan(1);
      expect(asked.at(-1)).toMatch(/^\/tranche-lenders/);
      // an answer without a block is an error, not a guess
      indexedBlock = "soon";
      await expect(trancheHolders(chain, CASH_POOL, 0n, block, 0)).rejects.toThrow(
        /names no indexed block/,
      );
    } finally {
      indexedBlock = "1000000000";
    }
  });

  it("checks the pool and tranche first: a bad id records nothing; --user tells that lender alone", async () => {
    const chain = { ...c, indexerUrl: "http://127.0.0.1:9" }; // no indexer needed with --user
    const before = (await handle.db.select().from(loanTickets)).length;
    await expect(
      createLoanTicket(handle.db, chain, { ...ticketArgs, poolId: 99n }, setup()),
    ).rejects.toThrow("Pool 99 does not exist");
    await expect(
      createLoanTicket(handle.db, chain, { ...ticketArgs, trancheId: 2n }, setup()),
    ).rejects.toThrow("Pool 1 has no tranche 2 (it has 1)");
    expect((await handle.db.select().from(loanTickets)).length).toBe(before);
    // without --user the indexer lists the holders: unreachable, a clear error and no ticket
    await expect(createLoanTicket(handle.db, chain, ticketArgs, setup())).rejects.toThrow(
      /indexer at http:\/\/127\.0\.0\.1:9 \(INDEXER_URL\) is unreachable/,
    );
    expect((await handle.db.select().from(loanTickets)).length).toBe(before);
    const one = await createLoanTicket(
      handle.db,
      chain,
      { ...ticketArgs, user: OTHER.address.toLowerCase() as Address },
      setup(),
    );
    expect({ notified: one.notified, mailed: one.mailed }).toEqual({ notified: 1, mailed: 0 });
    const seen = await ticketsForUser(handle.db, anvil.chainId, OTHER.address.toLowerCase());
    expect(seen.map((r) => [r.ticket.id, r.notice.emailSentAt])).toEqual([[one.ticket.id, null]]);
  });
});
