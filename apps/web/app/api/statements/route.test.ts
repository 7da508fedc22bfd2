// @vitest-environment node
/**
 * Issue 28 item 3: /api/statements gives a lender their own statement only: not without a
 * session, not to a stranger, not to a second wallet of the same person; bad periods and formats
 * are 400 JSON; a flood from one lender is rate limited. (The statement itself against the chain:
 * packages/sdk/src/domain/statements.chain.test.ts; downloaded in the browser: e2e/statements.spec.ts.)
 */
import { statementPeriods } from "@lending/sdk";
import { describe, expect, it, vi } from "vitest";
import { accounts, accountWallets } from "@/server/db/schema";
import {
  call,
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  pinRateLimitWindow,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { fromNewIp, getWithCookie, signIn } from "@/server/test/session";
import { GET, POST } from "./route";

// The chain's clock as the server reads it (its cached epoch times): a test moves it ahead of
// this one, as the demo controls move a local chain.
// It counts its reads: a stranger's request must cost none.
const chain = vi.hoisted(() => ({ aheadSeconds: 0, reads: 0 }));
vi.mock("@/server/services/initial-reads", async (original) => {
  const actual = await original<typeof import("@/server/services/initial-reads")>();
  return {
    ...actual,
    initialEpochTimes: async () => {
      chain.reads++;
      return {
        data: { chainTime: Math.floor(Date.now() / 1000) + chain.aheadSeconds },
        fetchedAt: Date.now(),
      };
    },
  };
});

describe("/api/statements (issue 28)", () => {
  const t = setupApiTestDatabase();

  it("only the wallet's own session gets its statement: not without one, not a stranger, not the person's second wallet", async () => {
    const owner = newAccount();
    const stranger = newAccount();
    const second = newAccount();
    const [account] = await t
      .db()
      .insert(accounts)
      .values({ email: "grace@example.org" })
      .returning({ id: accounts.id });
    await t
      .db()
      .insert(accountWallets)
      .values([
        { accountId: account!.id, address: owner.address.toLowerCase(), kind: "embedded" },
        { accountId: account!.id, address: second.address.toLowerCase(), kind: "linked" },
      ]);
    const before = await databaseFingerprint(t.db());
    for (const format of ["csv", "pdf", "json"]) {
      const path = `/api/statements?user=${owner.address}&period=2026-Q1&format=${format}`;
      expectError(await call(GET, getRequest(path, fromNewIp())), 401, /sign in/i);
      for (const who of [stranger, second]) {
        const cookie = await signIn(who);
        expectError(await call(GET, getWithCookie(path, cookie)), 403);
      }
    }
    expectError(
      await call(
        POST,
        new Request(`http://localhost:3000/api/statements?user=${owner.address}&period=2026`, {
          method: "POST",
        }),
      ),
      405,
    );
    // the refusals wrote nothing (the sign-ins wrote their sessions only)
    expect(Object.keys(await databaseFingerprint(t.db()))).toEqual(Object.keys(before));
  });

  it("a bad period, format or address is a 400 naming it, session or not", async () => {
    const owner = newAccount();
    const cookie = await signIn(owner);
    const bad: [string, RegExp][] = [
      [`user=${owner.address}`, /period/],
      [`user=${owner.address}&period=2026-13`, /period must be a month \(2026-07\), a quarter/],
      [`user=${owner.address}&period=2026-Q5`, /period must be/],
      [`user=${owner.address}&period=1999`, /from 2000 on/],
      [`user=${owner.address}&period=2026-07-01`, /period must be/],
      [`user=${owner.address}&period=2026&format=xlsx`, /format must be csv, pdf or json/],
      [`user=0x123&period=2026`, /user/],
      [`user=${owner.address}&period=2026&extra=1`, /./],
    ];
    for (const [query, message] of bad) {
      expectError(await call(GET, getWithCookie(`/api/statements?${query}`, cookie)), 400, message);
      expectError(
        await call(GET, getRequest(`/api/statements?${query}`, fromNewIp())),
        400,
        message,
      );
    }
    // a well-formed period that has not started is the owner's 400 (a stranger's 401: below)
    expectError(
      await call(GET, getWithCookie(`/api/statements?user=${owner.address}&period=9999`, cookie)),
      400,
      /period 9999 has not started yet/,
    );
  });

  it("a stranger asking for a period in the future by this clock is refused before any chain read", async () => {
    const owner = newAccount();
    const stranger = newAccount();
    const strangerCookie = await signIn(stranger);
    const ownerCookie = await signIn(owner);
    for (const period of ["9999", "9999-Q1", "9999-07"]) {
      const path = `/api/statements?user=${owner.address}&period=${period}&format=csv`;
      chain.reads = 0;
      expectError(await call(GET, getRequest(path, fromNewIp())), 401, /^Sign in with this wallet/);
      expectError(
        await call(GET, getWithCookie(path, strangerCookie)),
        403,
        /^The session belongs to another wallet/,
      );
      expect(chain.reads).toBe(0);
      // the owner's request does read the chain's clock (the count above could fail)
      expectError(
        await call(GET, getWithCookie(path, ownerCookie)),
        400,
        new RegExp(`period ${period} has not started yet`),
      );
      expect(chain.reads).toBe(1);
    }
  });

  it("a period started by the chain's clock, ahead of this one, is served; one it has not reached is a 400", async () => {
    vi.stubEnv("INDEXER_URL", "http://127.0.0.1:9");
    const owner = newAccount();
    const cookie = await signIn(owner);
    const now = Math.floor(Date.now() / 1000);
    chain.aheadSeconds = 200 * 86_400;
    try {
      // the chain's newest quarter, which this clock has not reached
      const [quarter] = statementPeriods("quarter", now + chain.aheadSeconds, 1);
      expect(quarter!.start).toBeGreaterThan(now);
      const path = (period: string) =>
        `/api/statements?user=${owner.address}&period=${period}&format=csv`;
      // past the period check: only the missing indexer stops it (503, not 400)
      expectError(await call(GET, getWithCookie(path(quarter!.id), cookie)), 503);
      // a quarter past the chain's clock too
      const [beyond] = statementPeriods("quarter", now + chain.aheadSeconds + 200 * 86_400, 1);
      expectError(
        await call(GET, getWithCookie(path(beyond!.id), cookie)),
        400,
        new RegExp(`${beyond!.id} has not started yet`),
      );
    } finally {
      chain.aheadSeconds = 0;
      vi.unstubAllEnvs();
    }
  });

  it("a flood of statements for one lender gets 429 past 10 a minute, whatever the IP", async () => {
    pinRateLimitWindow();
    // no indexer behind: each statement let through fails fast with 503, and still counts
    vi.stubEnv("INDEXER_URL", "http://127.0.0.1:9");
    const owner = newAccount();
    const cookie = await signIn(owner);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call(
        GET,
        getRequest(`/api/statements?user=${owner.address}&period=2026&format=csv`, {
          cookie,
          ...fromNewIp(),
        }),
      );
      statuses.push(r.status);
      if (r.status === 429) expectError(r, 429, /Too many statements/);
    }
    expect(statuses.slice(0, 10).every((s) => s === 503)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    vi.unstubAllEnvs();
  });
});
