/**
 * API benchmark: the production build on Postgres, loopback only. Starts the test Postgres
 * (127.0.0.1:5433), migrates it and seeds loan tickets, serves `next start` on WEB_PORT (3300 by
 * default), then runs autocannon against GET /api/health (a bare handler) and GET
 * /api/loan-tickets (zod, the owner's session: one UPDATE, and a Postgres join) in the same run,
 * and prints a Markdown table.
 *
 *   npx tsx scripts/src/bench-api.ts [--duration 10] [--connections 50] [--out <file>]
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../apps/web/src/server/db/migrate";
import { insertLoanTicket } from "../../apps/web/src/server/repositories/loan-tickets";
import { createSession, SESSION_COOKIE } from "../../apps/web/src/server/services/sessions";
import { paths } from "./lib/paths";
import { startTestPostgres } from "./lib/postgres";
import { stopAllChildren } from "./lib/proc";
import { buildWebIfNeeded, startWebServer } from "./lib/web";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

async function main() {
  const duration = Number(arg("duration", "10"));
  const connections = Number(arg("connections", "50"));
  const out = arg("out", "");
  const port = Number(process.env.WEB_PORT ?? 3300);
  const pg = await startTestPostgres(false);
  if ("skipped" in pg) throw new Error(`Postgres is not available: ${pg.skipped}`);
  try {
    const handle = await openDatabase({ databaseUrl: pg.url });
    await migrateDatabase(handle);
    const user = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    for (let i = 0; i < 20; i++) {
      await insertLoanTicket(handle.db, {
        chainId: 31337,
        poolId: String(i % 2),
        trancheId: String(i % 3),
        endBorrowerId: `borrower-${i}`,
        endBorrowerName: `Borrower ${i} Ltd`,
        assets: String(1000 * (i + 1)),
        userAddress: i % 4 === 0 ? user : null,
      });
    }
    // loan tickets are personal: the benchmark reads them with the user's session
    const { token } = await createSession(handle.db, {
      kind: "siwe",
      subject: user,
      address: user,
      chainId: 31337,
    });
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    await handle.close();
    await buildWebIfNeeded("capture");
    const web = await startWebServer({
      port,
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:8650",
      extra: { DATABASE_URL: pg.url, DATABASE_POOL_SIZE: "20" },
    });
    const targets = [
      ["GET /api/health (bare handler)", `${web.url}/api/health`],
      [
        "GET /api/loan-tickets (Postgres)",
        `${web.url}/api/loan-tickets?chainId=31337&userAddress=${user}`,
      ],
    ] as const;
    const rows: string[] = [];
    for (const [label, url] of targets) {
      await autocannon({ url, connections: 10, duration: 2, headers }); // warm-up (JIT, pool)
      const r = await autocannon({ url, connections, duration, headers });
      rows.push(
        `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.requests.total} | ${r.non2xx + r.errors} |`,
      );
    }
    await web.stop();
    const table = [
      `| Endpoint | Requests/s (avg) | p50 ms | p99 ms | Requests | Errors + non-2xx |`,
      `| --- | ---: | ---: | ---: | ---: | ---: |`,
      ...rows,
    ].join("\n");
    const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}`;
    const text = [
      "# API benchmarks",
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; \`next start\` (production build)`,
      `on loopback, Postgres 15 on 127.0.0.1:5433 (pool of 20), autocannon ${connections} connections for`,
      `${duration} s per endpoint after a 2 s warm-up; 20 loan tickets seeded, 10 visible to the user.`,
      "",
      table,
      "",
      "Command:",
      "",
      "```sh",
      `npx tsx scripts/src/bench-api.ts --duration ${duration} --connections ${connections}`,
      "```",
      "",
    ].join("\n");
    console.log(text);
    if (out) writeFileSync(path.resolve(paths.root, out), text);
  } finally {
    await pg.stop();
    await stopAllChildren();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAllChildren();
  process.exit(1);
});
