/**
 * The indexer (packages/indexer, a Ponder 0.16 project) as a child process: started after the
 * deploy by `npm start`, alone by `npm run indexer`, and by the indexer tests.
 *
 * Embedded default: Ponder keeps its own PGlite folder (INDEXER_PGLITE_DIR, default
 * .data/indexer-pglite). With DATABASE_URL it writes to that Postgres in schema INDEXER_SCHEMA.
 * A fresh anvil is a new chain: `fresh` wipes what an earlier run indexed (the folder, or the
 * schema) so Ponder does not resume from blocks that no longer exist.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { cp, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { LOCAL_CHAIN_ID } from "@lending/sdk";
import pg from "pg";
import { z } from "zod";
import { stopProcessGroup } from "./anvil";
import { isPortFree, ListenHostSchema, LOOPBACK, PortInUseError, urlHost } from "./net";
import { paths } from "./paths";
import { startService } from "./proc";

export const indexerDir = path.join(paths.root, "packages", "indexer");
export const defaultIndexerPgliteDir = path.join(paths.root, ".data", "indexer-pglite");

const port = z.coerce.number().int().min(1).max(65535);

/** The indexer's own variables (the chain's come from CHAIN_ID / RPC_URL). */
export const IndexerEnvSchema = z.object({
  INDEXER_PORT: port.default(42069),
  /** Only the web server reads the indexer: the loopback unless opened on purpose. */
  INDEXER_HOST: ListenHostSchema.default(LOOPBACK),
  INDEXER_PGLITE_DIR: z.string().min(1).default(defaultIndexerPgliteDir),
  INDEXER_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,44}$/, "must be a lowercase SQL identifier of at most 45 characters")
    .default("indexer"),
});
export type IndexerEnv = z.infer<typeof IndexerEnvSchema>;

export type IndexerOptions = {
  port: number;
  /** Address to listen on; default the loopback (only the web server on this host reads it). */
  host?: string;
  chainId: number;
  rpcUrl: string;
  /** Postgres; when absent Ponder uses its own PGlite folder `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir?: string;
  /** Postgres schema (`ponder start --schema`). */
  schema?: string;
  /** Wipe what an earlier run indexed first (a fresh anvil is a new chain). */
  fresh?: boolean;
  /**
   * `pgliteDir` is a new folder of this run's own (a temporary folder no later run opens): Ponder
   * creates its database itself, in its own process, and nothing is wiped first. By default the
   * folder is created here first, atomically (see {@link ensurePgliteFolder}), in this process:
   * beside other work in this process (the e2e global setup's served database) that start took
   * most of a minute on a loaded machine (docs/benchmarks.md, issue 26 goal 4, tenth session).
   */
  newFolder?: boolean;
  /**
   * The chain being indexed: the index is bound to it (see {@link bindIndexerToChain}) and a
   * kept index of another chain is refused.
   */
  chain?: IndexedChain;
  /** A deployment JSON other than packages/sdk/src/deployments/<chainId>.json. */
  deploymentFile?: string;
  pollingMs?: number;
  portEnvVar?: string;
  log?: (chunk: string) => void;
  /**
   * Restart Ponder when its index has not moved for `stallMs` while the chain (asked directly)
   * is ahead of it; `false` turns it off. See {@link STALL_MS}.
   */
  watchdog?: { stallMs?: number; checkMs?: number } | false;
};

/**
 * After an RPC stall Ponder 0.16 can stay behind for good: its HTTP poller queues a head request
 * every polling interval without waiting for the last one, each retried up to 10 times with
 * back-off while its slot stays taken, and every timeout lowers the provider's request rate to 3
 * per second; once the RPC answers again the backlog (plus 5 new polls a second on anvil) never
 * drains and each queued request logs "Unable to find available JSON-RPC provider within
 * expected time". Ponder resumes from its last checkpoint when restarted, so the watchdog
 * restarts it when the index is stuck behind a chain that answers.
 */
export const STALL_MS = 60_000;

/** The chain's head block by a plain JSON-RPC call (null when it does not answer in 3 s). */
async function chainHead(rpcUrl: string): Promise<bigint | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
      signal: AbortSignal.timeout(3000),
    });
    return BigInt(((await res.json()) as { result: string }).result);
  } catch {
    return null;
  }
}

/** The indexer's newest indexed block (its /status), or null when it does not answer. */
async function indexedHead(url: string): Promise<bigint | null> {
  try {
    const res = await fetch(`${url}/status`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as Record<string, { block?: { number?: number } }>;
    const at = Object.values(body)[0]?.block?.number;
    return at === undefined ? null : BigInt(at);
  } catch {
    return null;
  }
}

export type Indexer = {
  url: string;
  port: number;
  readonly child: ChildProcess;
  /** Last lines of output (for error messages). */
  output: () => string;
  /** How many times the watchdog restarted a stuck Ponder. */
  restarts: () => number;
  /** Calls `listener` when Ponder exits by itself (not by stop, rebuild or a watchdog restart). */
  onExit: (listener: (code: number | null) => void) => void;
  stop: () => Promise<void>;
  /** Stops it, wipes what it indexed and starts it again (it backfills from the deployment block). */
  rebuild: () => Promise<void>;
  /** Starts it again on what it indexed (after it exited: Ponder resumes from its checkpoint). */
  restart: () => Promise<void>;
};

/** A chain's identity (see `chainIdentity` in ./anvil). */
export type IndexedChain = { chainId: number; genesisHash: string };

export class IndexerChainMismatchError extends Error {
  constructor(where: string, bound: IndexedChain, actual: IndexedChain) {
    super(
      `The indexer's database (${where}) holds chain ${bound.chainId} with genesis block ${bound.genesisHash}, ` +
        `not chain ${actual.chainId} with genesis block ${actual.genesisHash}. ` +
        `Locally, run \`npm start -- --fresh\`; otherwise give this chain its own indexer database ` +
        `(INDEXER_PGLITE_DIR, or INDEXER_SCHEMA with DATABASE_URL) or reset it (\`npm run indexer -- --fresh\`).`,
    );
    this.name = "IndexerChainMismatchError";
  }
}

/**
 * Records which chain the indexer's database describes (a file beside the PGlite folder, or a row
 * of `public.indexer_chain_binding` per schema on Postgres) and refuses another chain. `fresh`
 * (or an index with no record yet) wipes what was indexed and binds it to `chain`.
 */
export async function bindIndexerToChain(
  opts: { databaseUrl?: string; pgliteDir?: string; schema?: string; fresh?: boolean },
  chain: IndexedChain,
): Promise<"kept" | "reset"> {
  const schema = opts.schema ?? "indexer";
  const genesisHash = chain.genesisHash.toLowerCase();
  if (opts.databaseUrl) {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS public.indexer_chain_binding (schema_name text PRIMARY KEY, chain_id integer NOT NULL, genesis_hash text NOT NULL)`,
      );
      const { rows } = await client.query<{ chain_id: number; genesis_hash: string }>(
        `SELECT chain_id, genesis_hash FROM public.indexer_chain_binding WHERE schema_name = $1`,
        [schema],
      );
      const bound = rows[0];
      if (!opts.fresh && bound) {
        if (bound.chain_id === chain.chainId && bound.genesis_hash === genesisHash) return "kept";
        throw new IndexerChainMismatchError(
          `schema ${schema}`,
          { chainId: bound.chain_id, genesisHash: bound.genesis_hash },
          { chainId: chain.chainId, genesisHash },
        );
      }
      await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, "")}" CASCADE`);
      await client.query(
        `INSERT INTO public.indexer_chain_binding (schema_name, chain_id, genesis_hash) VALUES ($1, $2, $3)
         ON CONFLICT (schema_name) DO UPDATE SET chain_id = EXCLUDED.chain_id, genesis_hash = EXCLUDED.genesis_hash`,
        [schema, chain.chainId, genesisHash],
      );
      return "reset";
    } finally {
      await client.end();
    }
  }
  const dir = opts.pgliteDir ?? defaultIndexerPgliteDir;
  const marker = `${dir}.chain.json`;
  if (!opts.fresh && existsSync(marker)) {
    const bound = JSON.parse(await readFile(marker, "utf8")) as IndexedChain;
    if (bound.chainId === chain.chainId && bound.genesisHash === genesisHash) return "kept";
    throw new IndexerChainMismatchError(dir, bound, { chainId: chain.chainId, genesisHash });
  }
  await resetIndexerData({ pgliteDir: dir });
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, JSON.stringify({ chainId: chain.chainId, genesisHash }));
  return "reset";
}

/** Deletes an earlier run's indexed data: the PGlite folder, or the Postgres schema. */
export async function resetIndexerData(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  schema?: string;
}): Promise<void> {
  if (opts.databaseUrl) {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      const schema = opts.schema ?? "indexer";
      await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, "")}" CASCADE`);
    } finally {
      await client.end();
    }
    return;
  }
  await rm(opts.pgliteDir ?? defaultIndexerPgliteDir, { recursive: true, force: true });
}

/**
 * Creates Ponder's PGlite folder atomically: the cluster is made in a sibling folder and renamed
 * into place. A process killed during PGlite's first start (its initdb) leaves a folder that no
 * later start can open ("RuntimeError: Aborted()"); once a folder exists, Postgres' own crash
 * recovery makes any later kill safe. A folder without PG_VERSION is such a leftover and is
 * replaced (it holds no data: everything in it is re-read from the chain).
 * The cluster is a copy of {@link ponderPgliteTemplate}, a new cluster made once per PGlite
 * version (and user) in the temp folder: a copy of its 30 MB takes a fraction of a second where
 * PGlite's initdb takes about 5 CPU-seconds, once per start of an indexer test
 * (docs/benchmarks.md, issue 26 goal 4, eleventh session). When no template can be made there
 * (a temp folder that cannot be written), the cluster is made in place of the copy, as before.
 */
export async function ensurePgliteFolder(dir: string, templateRoot = tmpdir()): Promise<void> {
  if (dir.startsWith("memory://")) return;
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const template = await ponderPgliteTemplate(templateRoot).catch(() => undefined);
  const staging = `${dir}.init-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  if (template) {
    await cp(template, staging, { recursive: true });
    await rm(path.join(staging, TEMPLATE_DONE), { force: true });
  } else {
    await (await (await ponderPgliteClass()).create(staging)).close();
  }
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
}

/** The file a template gets last, before it is renamed into place: only a whole one has it. */
const TEMPLATE_DONE = ".lending-template-complete";

/** Ponder's own PGlite (its pinned version writes the folder it will read): its entry and version. */
async function ponderPglite(): Promise<{ entry: string; version: string }> {
  const fromIndexer = createRequire(path.join(indexerDir, "package.json"));
  const ponderDir = (fromIndexer.resolve.paths("ponder") ?? [])
    .map((modules) => path.join(modules, "ponder"))
    .find((dir) => existsSync(path.join(dir, "package.json")));
  if (!ponderDir) throw new Error("ponder is not installed: run npm install");
  const fromPonder = createRequire(path.join(ponderDir, "package.json"));
  const entry = fromPonder.resolve("@electric-sql/pglite");
  let pkg = path.dirname(entry);
  while (!existsSync(path.join(pkg, "package.json")) && path.dirname(pkg) !== pkg) {
    pkg = path.dirname(pkg);
  }
  const { version } = JSON.parse(await readFile(path.join(pkg, "package.json"), "utf8")) as {
    version: string;
  };
  return { entry, version };
}

/** Ponder's PGlite class (see {@link ponderPglite}). */
export async function ponderPgliteClass(): Promise<{
  create: (
    dir: string,
  ) => Promise<{ query: (sql: string) => Promise<unknown>; close: () => Promise<void> }>;
}> {
  const { entry } = await ponderPglite();
  return (
    (await import(pathToFileURL(entry).href)) as {
      PGlite: Awaited<ReturnType<typeof ponderPgliteClass>>;
    }
  ).PGlite;
}

/**
 * A new, empty cluster of Ponder's own PGlite, made once per PGlite version and user under
 * `root` (the temp folder) and only read afterwards. It is made aside, marked whole
 * ({@link TEMPLATE_DONE}) and renamed into place, so a process killed while making it leaves
 * nothing a later one would copy; when two make it at once the first rename wins and the other's
 * copy is removed. A folder there without the mark is moved aside (a rename: no one is copying
 * it, as no one takes a template without the mark) and removed.
 */
export async function ponderPgliteTemplate(root = tmpdir()): Promise<string> {
  const { version } = await ponderPglite();
  const template = path.join(
    root,
    `lending-ponder-pglite-${version}-${process.getuid?.() ?? "user"}`,
  );
  if (existsSync(path.join(template, TEMPLATE_DONE))) return template;
  const PGlite = await ponderPgliteClass();
  await mkdir(root, { recursive: true });
  const suffix = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const staging = `${template}.init-${suffix}`;
  const db = await PGlite.create(staging);
  await db.close();
  await writeFile(path.join(staging, TEMPLATE_DONE), "");
  if (existsSync(template) && !existsSync(path.join(template, TEMPLATE_DONE))) {
    const aside = `${template}.stale-${suffix}`;
    await rename(template, aside).catch(() => {}); // another process moved it first
    await rm(aside, { recursive: true, force: true });
  }
  try {
    await rename(staging, template);
  } catch {
    await rm(staging, { recursive: true, force: true }); // another process made it first
  }
  if (!existsSync(path.join(template, TEMPLATE_DONE))) {
    throw new Error(`could not make the indexer's PGlite template ${template}`);
  }
  return template;
}

/** The preload that keeps Ponder's event-loop metric from waking it every millisecond. */
export const COARSE_LOOP_MONITOR = path.join(
  paths.scripts,
  "src",
  "lib",
  "coarse-loop-monitor.mjs",
);

/**
 * The indexer's NODE_OPTIONS: the caller's, plus on the local chain (`npm start`, the tests) the
 * {@link COARSE_LOOP_MONITOR} preload, about 4 % of a core saved in every Ponder process, idle or
 * not. A deployment's indexer keeps Ponder's own event-loop metric: sampled every 20 ms its
 * figures would each read about 19 ms higher (Node records the whole interval between ticks),
 * which an operator's alert on the loop's lag would misread.
 */
export function indexerNodeOptions(
  existing: string | undefined,
  chainId: number,
): string | undefined {
  if (chainId !== LOCAL_CHAIN_ID) return existing;
  const preload = `--import ${pathToFileURL(COARSE_LOOP_MONITOR).href}`;
  return existing?.trim() ? `${existing.trim()} ${preload}` : preload;
}

/** Starts `ponder start` (does not wait: see {@link waitForIndexerReady}). */
export async function startIndexer(opts: IndexerOptions): Promise<Indexer> {
  const host = opts.host ?? LOOPBACK;
  if (!(await isPortFree(opts.port, host))) {
    throw new PortInUseError(opts.port, opts.portEnvVar ?? "INDEXER_PORT", "the indexer");
  }
  const schema = opts.schema ?? "indexer";
  const pgliteDir = opts.pgliteDir ?? defaultIndexerPgliteDir;
  if (opts.chain) {
    await bindIndexerToChain({ ...opts, pgliteDir, schema }, opts.chain);
  } else if (opts.fresh) {
    await resetIndexerData({ databaseUrl: opts.databaseUrl, pgliteDir, schema });
  }
  if (!opts.databaseUrl && !opts.newFolder) await ensurePgliteFolder(pgliteDir);
  let output = "";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: indexerNodeOptions(process.env.NODE_OPTIONS, opts.chainId),
    PONDER_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    CHAIN_ID: String(opts.chainId),
    RPC_URL: opts.rpcUrl,
    INDEXER_PGLITE_DIR: pgliteDir,
    ...(opts.pollingMs ? { INDEXER_POLLING_MS: String(opts.pollingMs) } : {}),
    ...(opts.deploymentFile ? { INDEXER_DEPLOYMENT_FILE: opts.deploymentFile } : {}),
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  delete env.DATABASE_PRIVATE_URL;
  const launch = () =>
    startService(
      paths.bin("ponder"),
      ["start", "--port", String(opts.port), "--hostname", host, "--schema", schema],
      {
        cwd: indexerDir,
        env,
        onOutput: (chunk) => {
          output = (output + chunk).slice(-8000);
          opts.log?.(chunk);
        },
      },
    );
  const exitListeners: ((code: number | null) => void)[] = [];
  let stopped = false;
  let restarting = false;
  const launchWatched = () => {
    const c = launch();
    c.once("exit", (code) => {
      if (!stopped && !restarting) for (const l of exitListeners) l(code);
    });
    return c;
  };
  let child = launchWatched();
  const url = `http://127.0.0.1:${opts.port}`;
  let restarts = 0;
  let watch: NodeJS.Timeout | undefined;
  if (opts.watchdog !== false) {
    const stallMs = opts.watchdog?.stallMs ?? STALL_MS;
    let last: bigint | null = null;
    let movedAt = Date.now();
    watch = setInterval(() => {
      if (stopped || restarting || child.exitCode !== null || child.signalCode !== null) return;
      void (async () => {
        const [indexed, head] = await Promise.all([indexedHead(url), chainHead(opts.rpcUrl)]);
        if (head === null || indexed === null || indexed >= head || indexed !== last) {
          // caught up, moving, still starting (no block yet), or the chain itself is down
          // (nothing a restart would fix)
          last = indexed;
          movedAt = Date.now();
          return;
        }
        if (Date.now() - movedAt < stallMs || stopped || restarting) return;
        restarting = true;
        restarts++;
        const line = `[indexer] stuck at block ${indexed} for ${Math.round((Date.now() - movedAt) / 1000)} s while the chain is at ${head}: restarting it (it resumes where it was)\n`;
        output = (output + line).slice(-8000);
        opts.log?.(line);
        try {
          await stopProcessGroup(child);
          child = launchWatched();
        } finally {
          movedAt = Date.now();
          last = null;
          restarting = false;
        }
      })();
    }, opts.watchdog?.checkMs ?? 5000);
    watch.unref();
  }
  return {
    url: `http://${urlHost(host)}:${opts.port}`,
    port: opts.port,
    get child() {
      return child;
    },
    output: () => output,
    restarts: () => restarts,
    onExit: (listener) => {
      exitListeners.push(listener);
    },
    stop: () => {
      stopped = true;
      clearInterval(watch);
      return stopProcessGroup(child);
    },
    async restart() {
      restarting = true;
      try {
        await stopProcessGroup(child);
        if (!(await isPortFree(opts.port, "127.0.0.1"))) {
          throw new PortInUseError(opts.port, opts.portEnvVar ?? "INDEXER_PORT", "the indexer");
        }
        output = "";
        child = launchWatched();
      } finally {
        restarting = false;
      }
    },
    async rebuild() {
      restarting = true;
      await stopProcessGroup(child).finally(() => (restarting = false));
      await resetIndexerData({ databaseUrl: opts.databaseUrl, pgliteDir, schema });
      if (!opts.databaseUrl) await ensurePgliteFolder(pgliteDir);
      output = "";
      child = launchWatched();
    },
  };
}

/**
 * Ponder's first migration is not atomic on PGlite: killed between creating its tables and
 * recording them, it never starts again ("Unable to create table ... already exists"). A kept
 * index written by another build of the indexer (an update of its code, `npm start` on a kept
 * chain) is refused by Ponder too. Everything in the index is re-read from the chain, so the index
 * is then rebuilt from the deployment block.
 */
const UNRECOVERABLE_MIGRATION =
  /MigrationError: (Unable to create table .* already exists|Schema ".*" was previously used by a (different Ponder app|Ponder app with a different minor version))/;

/** Waits until the indexer's `/ready` answers 200 (backfill done, serving live data). */
export async function waitForIndexerReady(indexer: Indexer, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let rebuilt = false;
  for (;;) {
    if (indexer.child.exitCode !== null || indexer.child.signalCode !== null) {
      if (!rebuilt && UNRECOVERABLE_MIGRATION.test(indexer.output())) {
        rebuilt = true;
        console.warn(
          "[indexer] its database cannot be resumed (an interrupted first migration, or another build of the indexer): rebuilding the index from the chain",
        );
        await indexer.rebuild();
        continue;
      }
      throw new Error(
        `The indexer exited (${indexer.child.exitCode ?? indexer.child.signalCode}) before it was ready\n--- ponder output ---\n${indexer.output()}`,
      );
    }
    try {
      const res = await fetch(`${indexer.url}/ready`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The indexer was not ready within ${timeoutMs / 1000} s\n--- ponder output ---\n${indexer.output()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts the indexer and waits until it is ready; stops it again if it never gets there. */
export async function startIndexerAndWait(opts: IndexerOptions, timeoutMs = 120_000) {
  const indexer = await startIndexer(opts);
  try {
    await waitForIndexerReady(indexer, timeoutMs);
  } catch (error) {
    await indexer.stop();
    throw error;
  }
  return indexer;
}

/** Waits until the indexer has indexed block `blockNumber` (its `/status`). */
export async function waitForIndexedBlock(
  indexer: Indexer,
  blockNumber: bigint,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${indexer.url}/status`, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as Record<string, { block?: { number?: number } }>;
      const at = Object.values(body)[0]?.block?.number;
      if (at !== undefined && BigInt(at) >= blockNumber) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The indexer did not reach block ${blockNumber} within ${timeoutMs / 1000} s`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `npm start`'s indexer step: reads INDEXER_PORT / INDEXER_PGLITE_DIR / INDEXER_SCHEMA (zod),
 * keeps what an earlier run indexed of the same chain (wipes it for a new chain) and starts
 * Ponder. `ready()`
 * waits until it has backfilled and caught up with the chain's head.
 */
export async function startStackIndexer(opts: {
  chainId: number;
  rpcUrl: string;
  databaseUrl?: string;
  /** the chain the index must describe */
  chain: IndexedChain;
  /** a new chain: wipe what an earlier run indexed */
  fresh: boolean;
  log?: (chunk: string) => void;
}): Promise<{ indexer: Indexer; url: string; ready: () => Promise<void> }> {
  const parsed = IndexerEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const indexer = await startIndexer({
    port: env.INDEXER_PORT,
    host: env.INDEXER_HOST,
    chainId: opts.chainId,
    rpcUrl: opts.rpcUrl,
    databaseUrl: opts.databaseUrl,
    pgliteDir: env.INDEXER_PGLITE_DIR,
    schema: env.INDEXER_SCHEMA,
    fresh: opts.fresh,
    chain: opts.chain,
    log: opts.log && ((chunk) => opts.log!(quietPonderLog(chunk))),
  });
  const ready = async () => {
    await waitForIndexerReady(indexer, 5 * 60_000);
    const res = await fetch(opts.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
    });
    const head = BigInt(((await res.json()) as { result: string }).result);
    await waitForIndexedBlock(indexer, head);
  };
  return { indexer, url: indexer.url, ready };
}

/** Ponder's output without its per-block lines and idle-chain warnings (anvil mines on demand). */
export function quietPonderLog(chunk: string): string {
  return chunk
    .split("\n")
    .filter((line) => !/INFO\s+Indexed block|No new block received within expected time/.test(line))
    .join("\n");
}
