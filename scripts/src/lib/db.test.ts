import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServedDatabase } from "../../../apps/web/src/server/db/serve";
import {
  DatabaseSetupError,
  DEFAULT_DB_PORT,
  dbPort,
  localDatabaseUrl,
  openToolDatabase,
  serveAndMigratePglite,
} from "./db";
import { getFreePort } from "./net";
import { paths } from "./paths";

const exec = promisify(execFile);

/** `node --import tsx <script> ...args` from the repo root, as `npm run ops` runs. */
function tsx(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return exec(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: paths.root,
    env: { ...rest, ...env },
    timeout: 120_000,
  });
}

describe("DB_PORT", () => {
  it("defaults to 5488, takes a port number and refuses anything else", () => {
    expect(dbPort({})).toBe(DEFAULT_DB_PORT);
    expect(dbPort({ DB_PORT: "6001" })).toBe(6001);
    expect(localDatabaseUrl({ DB_PORT: "6001" })).toBe(
      "postgres://postgres@127.0.0.1:6001/postgres",
    );
    for (const bad of ["abc", "0", "70000", "54.5"]) {
      expect(() => dbPort({ DB_PORT: bad })).toThrow(DatabaseSetupError);
    }
  });

  it("refuses a DB_PORT where something answers that is not the database", async () => {
    const sockets: net.Socket[] = [];
    const impostor = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("error", () => {}); // the client hangs up first
      socket.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    });
    await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
    const port = (impostor.address() as net.AddressInfo).port;
    try {
      await expect(
        openToolDatabase({ env: { DB_PORT: String(port) }, note: () => {} }),
      ).rejects.toThrow(/answers on 127\.0\.0\.1:\d+ \(DB_PORT\) but not as the database/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => impostor.close(resolve));
    }
  });
});

describe("one embedded database served to several processes", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lending-served-"));
  let served: ServedDatabase | undefined;
  let port = 0;
  let web: pg.Pool;
  let held: pg.PoolClient;
  const env = () => ({ DB_PORT: String(port), PGLITE_DIR: dir });

  beforeAll(async () => {
    port = await getFreePort();
    served = await serveAndMigratePglite(dir, port);
    // a web-like client: a pool with one connection checked out for the whole suite
    web = new pg.Pool({ connectionString: served.url, max: 3 });
    held = await web.connect();
    await held.query(
      `insert into kyc_records (address, status, entity_type, full_name, email, provider)
       values ('0x00000000000000000000000000000000000000b1', 'To be reviewed', 'individual', 'Ada', 'ada@example.org', 'local')`,
    );
  }, 180_000);

  afterAll(async () => {
    if (served) {
      held.release();
      await web.end();
      await served.close();
    }
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("ops kyc:list and kyc:approve run while a web-like process holds a connection", async () => {
    const list = await tsx("scripts/src/ops.ts", ["kyc:list"], env());
    expect(list.stderr).toContain(`the embedded database served by npm start at ${served!.url}`);
    expect(list.stdout).toMatch(/0x0+b1\tTo be reviewed\tindividual\tAda\tada@example.org/);

    const approve = await tsx(
      "scripts/src/ops.ts",
      ["kyc:approve", "0x00000000000000000000000000000000000000B1"],
      env(),
    );
    expect(approve.stdout.trim()).toBe(
      "0x00000000000000000000000000000000000000b1 is now Active (Ada).",
    );
    // the held connection sees the ops process's write at once
    const { rows } = await held.query(
      "select status from kyc_records where address = '0x00000000000000000000000000000000000000b1'",
    );
    expect(rows).toEqual([{ status: "Active" }]);
  }, 180_000);

  it("two processes write concurrently (transactions and plain inserts) and no row is lost", async () => {
    const perProcess = 40;
    const [a, b] = await Promise.all([
      tsx("scripts/src/lib/db-writer.ts", ["procA", String(perProcess)], env()),
      tsx("scripts/src/lib/db-writer.ts", ["procB", String(perProcess)], env()),
    ]);
    expect(a.stdout.trim()).toBe(`wrote ${perProcess} (served)`);
    expect(b.stdout.trim()).toBe(`wrote ${perProcess} (served)`);
    const { rows } = await held.query<{ id: number; end_borrower_id: string }>(
      "select id, end_borrower_id from loan_tickets where end_borrower_id like 'proc%'",
    );
    const expected = ["procA", "procB"].flatMap((tag) =>
      Array.from({ length: perProcess }, (_, i) => `${tag}-${i}`),
    );
    expect(rows.map((r) => r.end_borrower_id).sort()).toEqual(expected.sort());
    expect(new Set(rows.map((r) => r.id)).size).toBe(2 * perProcess);
  }, 240_000);

  it("stops cleanly: the folder then holds every write, and tools open it directly", async () => {
    held.release();
    await web.end();
    await served!.close();
    served = undefined;
    const notes: string[] = [];
    const direct = await openToolDatabase({ env: env(), note: (line) => notes.push(line) });
    try {
      expect(direct.via).toBe("folder");
      expect(notes.join("\n")).toContain(
        `nothing serves 127.0.0.1:${port} (DB_PORT; npm start is not running), so opening the PGlite folder ${dir} directly`,
      );
      const tickets = (await direct.db.execute(
        sql`select count(*)::int as n from loan_tickets where end_borrower_id like 'proc%'`,
      )) as unknown as { rows: unknown[] };
      expect(tickets.rows).toEqual([{ n: 80 }]);
    } finally {
      await direct.close();
    }
  }, 120_000);
});
