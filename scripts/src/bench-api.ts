/**
 * API benchmark: the production build on Postgres, loopback only. Starts anvil (deploy + seed),
 * a throwaway Postgres on a free loopback port, migrates it and seeds loan tickets and a referrer
 * with 1,000 referred users (the 4 demo lenders among them, each with a deposit), serves
 * `next start` on WEB_PORT (a free port by default), then runs autocannon against GET
 * /api/health (a bare handler), GET /api/loan-tickets (zod, the owner's session: one UPDATE, and a Postgres join) and GET
 * /api/referral/userYields (the referrer's session; the 10 pages of that referrer in turn), and the
 * public pages / and /lending (their ratio to /api/health is printed), and prints a Markdown table.
 *
 * Every GET /api is limited to 120 a minute per IP: each request carries its own
 * X-Forwarded-For address (the server trusts it: TRUST_PROXY is set for the run), so the figures
 * measure the endpoints, the limit's counter included, not the 429 path.
 *
 * `--db served` runs it on an in-memory PGlite served over the Postgres protocol instead (what
 * `npm start` runs), the web server still connecting with `pg`.
 *
 *   npx tsx scripts/src/bench-api.ts [--duration 10] [--connections 50] [--db postgres|served] [--only pages] [--out <file>]
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createWalletClient, http, parseAbi, publicActions } from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { foundry } from "viem/chains";
import { openDatabase } from "../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../apps/web/src/server/db/migrate";
import { referrals } from "../../apps/web/src/server/db/schema";
import {
  insertLoanTicket,
  insertNotices,
} from "../../apps/web/src/server/repositories/loan-tickets";
import { createSession, SESSION_COOKIE } from "../../apps/web/src/server/services/sessions";
import { startTestStack } from "./fixture/index";
import { demoLenderAccounts } from "./lib/dev-accounts";
import { getFreePort } from "./lib/net";
import { paths } from "./lib/paths";
import { startTestPostgres } from "./lib/postgres";
import { servePglite } from "../../apps/web/src/server/db/serve";
import { stopAllChildren } from "./lib/proc";
import { buildWebIfNeeded, startWebServer } from "./lib/web";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
};
type AutocannonRequest = {
  path?: string;
  setupRequest?: (req: { headers?: Record<string, string> }) => unknown;
};
type AutocannonInstance = {
  on: (
    event: "response",
    fn: (c: unknown, status: number, bytes: number, ms: number) => void,
  ) => void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  opts: { url: string; connections: number; duration: number; requests?: AutocannonRequest[] },
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

/** A new client address per request (10.x.y.z), so the per-IP GET limit is not what is measured. */
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
const withOwnIp =
  (headers: Record<string, string>) => (req: { headers?: Record<string, string> }) => ({
    ...req,
    headers: { ...req.headers, ...headers, "x-forwarded-for": nextIp() },
  });

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** One autocannon run over `paths` in turn; p95 from every response's latency. */
function bench(
  base: string,
  paths: string[],
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
) {
  const latencies: number[] = [];
  return new Promise<{ r: AutocannonResult; p95: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        requests: paths.map((p) => ({ path: p, setupRequest: withOwnIp(headers) })),
      },
      (error, r) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({ r, p95: Math.round(percentile(latencies, 0.95)) });
      },
    );
    instance.on("response", (_c, _status, _bytes, ms) => latencies.push(ms));
  });
}

const REFERRALS = 1000;

async function main() {
  const duration = Number(arg("duration", "10"));
  const connections = Number(arg("connections", "50"));
  const out = arg("out", "");
  const port = Number(process.env.WEB_PORT ?? (await getFreePort()));
  const stack = await startTestStack({ writeDeploymentFile: false });
  const dbKind = arg("db", "postgres");
  if (dbKind !== "postgres" && dbKind !== "served") throw new Error("--db: postgres or served");
  const dbName = dbKind === "served" ? "served PGlite" : "Postgres";
  const pg =
    dbKind === "served"
      ? await servePglite({ pgliteDir: "memory://", port: await getFreePort() }).then((s) => ({
          url: s.url,
          stop: s.close,
        }))
      : await startTestPostgres(false, await getFreePort());
  if ("skipped" in pg) {
    await stack.stop();
    throw new Error(`Postgres is not available: ${pg.skipped}`);
  }
  try {
    const handle = await openDatabase({ databaseUrl: pg.url });
    await migrateDatabase(handle);
    const user = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" as const;
    for (let i = 0; i < 20; i++) {
      const ticket = await insertLoanTicket(handle.db, {
        chainId: 31337,
        poolId: String(i % 2),
        trancheId: String(i % 3),
        endBorrowerId: `borrower-${i}`,
        endBorrowerName: `Borrower ${i} Ltd`,
        assets: String(1000 * (i + 1)),
        userAddress: i % 4 === 0 ? user : null,
      });
      // the user was told of every other ticket (as the ops command tells a tranche's holders)
      if (i % 2 === 0)
        await insertNotices(handle.db, ticket.id, [{ address: user, emailSentAt: null }]);
    }
    // a referrer with 1,000 referred users; the 4 demo lenders (one per page 1, 4, 7, 10) deposit
    const referrer = privateKeyToAccount(
      generatePrivateKey(),
    ).address.toLowerCase() as `0x${string}`;
    const owners = Array.from({ length: REFERRALS }, () =>
      privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
    );
    demoLenderAccounts.forEach((a, i) => (owners[i * 300] = a.address.toLowerCase()));
    const start = Date.now() - REFERRALS * 1000;
    await handle.db.insert(referrals).values(
      owners.map((owner, i) => ({
        chainId: 31337,
        owner,
        referrer,
        createdAt: new Date(start + i * 1000),
      })),
    );
    // loan tickets and referral yields are personal: the benchmark reads them with sessions
    const cookieOf = async (address: `0x${string}`) => {
      const { token } = await createSession(handle.db, {
        kind: "siwe",
        subject: address,
        address,
        chainId: 31337,
      });
      return { cookie: `${SESSION_COOKIE}=${token}` };
    };
    const userHeaders = await cookieOf(user);
    const referrerHeaders = await cookieOf(referrer);
    await handle.close();
    for (const lender of demoLenderAccounts) {
      const wallet = createWalletClient({
        account: privateKeyToAccount(lender.privateKey),
        chain: foundry,
        transport: http(stack.rpcUrl),
      }).extend(publicActions);
      const hash = await wallet.writeContract({
        address: stack.deployment.usdc,
        abi: parseAbi(["function transfer(address to, uint256 amount) returns (bool)"]),
        functionName: "transfer",
        args: [stack.deployment.lendingPoolManager, 1_000_000n],
      });
      await wallet.waitForTransactionReceipt({ hash });
    }
    await buildWebIfNeeded("capture");
    const web = await startWebServer({
      port,
      chainId: 31337,
      rpcUrl: stack.rpcUrl,
      extra: { DATABASE_URL: pg.url, DATABASE_POOL_SIZE: "20", TRUST_PROXY: "1" },
    });
    const pages = Array.from(
      { length: REFERRALS / 100 },
      (_, i) => `/api/referral/userYields?chainId=31337&userAddress=${referrer}&page=${i + 1}`,
    );
    // the first request of each page finds an empty cache: one batched log query each
    const cold: number[] = [];
    for (const p of pages) {
      const t0 = performance.now();
      const response = await fetch(`${web.url}${p}`, {
        headers: { ...referrerHeaders, "x-forwarded-for": nextIp() },
      });
      const body = (await response.json()) as { items?: unknown[] };
      if (response.status !== 200 || body.items?.length !== 100) {
        throw new Error(`GET ${p}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      cold.push(performance.now() - t0);
    }
    const targets = [
      ["GET /api/health (bare handler)", ["/api/health"], {}],
      [
        `GET /api/loan-tickets (${dbName})`,
        [`/api/loan-tickets?chainId=31337&userAddress=${user}`],
        userHeaders,
      ],
      [`GET /api/referral/userYields (${REFERRALS} referrals, 10 pages)`, pages, referrerHeaders],
      // the public pages (issue 25): their chain reads come from the render cache
      // as a browser asks for a document (Accept: text/html)
      ["GET / (page)", ["/"], { accept: "text/html" }],
      ["GET /lending (page)", ["/lending"], { accept: "text/html" }],
    ] as const;
    const rows: string[] = [];
    const perSecond = new Map<string, number>();
    // `--only pages`: /api/health and the public pages only (the ratio of issue 25)
    const only = arg("only", "");
    for (const [label, list, headers] of targets) {
      if (only === "pages" && !/health|\(page\)/.test(label)) continue;
      await bench(web.url, [...list], 10, 2, headers); // warm-up (JIT, connection pool)
      const { r, p95 } = await bench(web.url, [...list], connections, duration, headers);
      perSecond.set(label, r.requests.average);
      rows.push(
        `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${p95} | ${r.latency.p99} | ${r.requests.total} | ${r.non2xx + r.errors} |`,
      );
    }
    const health = perSecond.get("GET /api/health (bare handler)") ?? 0;
    for (const label of ["GET / (page)", "GET /lending (page)"]) {
      console.log(`${label}: ${((perSecond.get(label) ?? 0) / health).toFixed(2)}x of /api/health`);
    }
    await web.stop();
    const table = [
      `| Endpoint | Requests/s (avg) | p50 ms | p95 ms | p99 ms | Requests | Errors + non-2xx |`,
      `| --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
      ...rows,
    ].join("\n");
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ");
    const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, load average ${load}`;
    const text = [
      "# API benchmarks",
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; \`next start\` (production build)`,
      `on loopback, anvil (deploy + seed), ${dbKind === "served" ? "in-memory PGlite served on 127.0.0.1 (pglite-socket)" : "Postgres 15 on 127.0.0.1"} (pool of 20), autocannon ${connections}`,
      `connections for ${duration} s per endpoint after a 2 s warm-up, each request from its own`,
      `X-Forwarded-For address; 20 loan tickets seeded, 10 visible to the user; a referrer with`,
      `${REFERRALS} referred users, 4 of them with a deposit on chain.`,
      "",
      table,
      "",
      `userYields with an empty cache (first request of each of the 10 pages, one batched log query`,
      `each): ${cold.map((ms) => Math.round(ms)).join(", ")} ms.`,
      "",
      "Command:",
      "",
      "```sh",
      `npx tsx scripts/src/bench-api.ts --duration ${duration} --connections ${connections}${dbKind === "served" ? " --db served" : ""}`,
      "```",
      "",
    ].join("\n");
    console.log(text);
    if (out) writeFileSync(path.resolve(paths.root, out), text);
  } finally {
    await pg.stop();
    await stack.stop();
    await stopAllChildren();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAllChildren();
  process.exit(1);
});
