/**
 * `npm start`: the whole local stack on one command. Builds the contracts and ABIs when needed,
 * starts anvil, deploys and seeds the demo protocol (first run, or `--fresh`), serves the
 * embedded database (PGlite) on 127.0.0.1:DB_PORT and migrates it (or migrates DATABASE_URL's
 * Postgres), builds the web app when its inputs changed, and serves it with `next start`,
 * connected to the database with `pg`. Ctrl-C stops everything.
 *
 * Restarts (issue 25): the chain and the databases that describe it live and die together. The
 * chain's state is kept in .data/anvil-state.json and the stack's record in .data/stack.json, so
 * `npm start` again resumes the same chain with the same web and indexer databases;
 * `npm start -- --fresh` wipes all three. Each database is bound to the chain (id and genesis
 * hash) and refuses another. The keeper and the indexer are restarted when they exit (with
 * backoff); every child ends with this process, even when it is killed outright.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Hex } from "viem";
import { z } from "zod";
import { deployLocalAmm } from "../../apps/web/src/server/swap/local-amm";
import { deployProtocol, deployTestNft, seedDemo, writeDeployment } from "./chain/deploy";
import { parseDeployment, type Deployment } from "@lending/sdk/deployments";
import { bindDatabaseToChain } from "../../apps/web/src/server/db/chain-binding";
import { openDatabase } from "../../apps/web/src/server/db/client";
import { chainIdentity, startAnvil, type AnvilInstance } from "./lib/anvil";
import type { ServedDatabase } from "../../apps/web/src/server/db/serve";
import { migratePostgres, redactDatabaseUrl, serveAndMigratePglite } from "./lib/db";
import { startKeeperProcess } from "./lib/keeper";
import { isPortFree, LOOPBACK, PortInUseError } from "./lib/net";
import { StartConfigSchema } from "./lib/start-config";
import { demoLenderAccounts, deployerAccount } from "./lib/dev-accounts";
import { paths } from "./lib/paths";
import { run, stopAllChildren } from "./lib/proc";
import { buildWebIfNeeded, startWebServer, type WebServer } from "./lib/web";
import { startStackIndexer } from "./lib/indexer";
import { supervise, type Supervised } from "./lib/supervise";

function loadConfig() {
  // A root .env (see .env.example) fills variables the shell did not set.
  const dotenv = path.join(paths.root, ".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);
  const parsed = StartConfigSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    console.error(`Invalid configuration:\n${lines.join("\n")}`);
    process.exit(1);
  }
  return parsed.data;
}

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
let stepNo = 0;
const STEPS = 8;
function step(title: string) {
  stepNo += 1;
  console.log(`\n[${stepNo}/${STEPS}] ${title}  (${elapsed()})`);
}
const info = (line: string) => console.log(`      ${line}`);

function newestMtime(dir: string, filter: (name: string) => boolean): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !filter(entry.name)) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

let anvil: AnvilInstance | undefined;
let web: WebServer | undefined;
let served: ServedDatabase | undefined;
let shuttingDown = false;
const supervised: Supervised[] = [];

/** What `npm start` needs to resume a kept chain: its identity and what was deployed on it. */
const StackRecordSchema = z.object({
  chainId: z.number().int().positive(),
  genesisHash: z.string().regex(/^0x[0-9a-f]{64}$/),
  deployment: z.unknown(),
  ammRouter: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  nft: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
});
type StackRecord = Omit<z.infer<typeof StackRecordSchema>, "deployment"> & {
  deployment: Deployment;
};

const stateDir = path.join(paths.root, ".data");
const anvilStatePath = path.join(stateDir, "anvil-state.json");
const stackRecordPath = path.join(stateDir, "stack.json");

/** The kept stack's record, or undefined (none, unreadable, or of another chain id). */
async function readStackRecord(chainId: number): Promise<StackRecord | undefined> {
  if (!existsSync(stackRecordPath) || !existsSync(anvilStatePath)) return undefined;
  try {
    const record = StackRecordSchema.parse(JSON.parse(await readFile(stackRecordPath, "utf8")));
    if (record.chainId !== chainId) return undefined;
    return { ...record, deployment: parseDeployment(record.deployment) };
  } catch {
    return undefined;
  }
}

/** Whether the kept chain still has the protocol (its state may predate the deploy). */
async function hasCode(rpcUrl: string, address: string): Promise<boolean> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getCode",
      params: [address, "latest"],
    }),
  });
  const { result } = (await res.json()) as { result?: string };
  return typeof result === "string" && result.length > 2;
}

/** Stops every child we started (process groups), then exits. Later calls are ignored. */
async function shutdown(code: number, reason?: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  if (reason) console.log(`\n${reason}`);
  for (const s of supervised) s.stop();
  await Promise.allSettled([web?.stop(), anvil?.stop(), stopAllChildren()]);
  // after its clients: closing PGlite flushes the folder
  await served?.close().catch((error: unknown) => {
    console.error(`Closing the database failed: ${(error as Error).message}`);
  });
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0, "Stopping (SIGINT)..."));
process.on("SIGTERM", () => void shutdown(0, "Stopping (SIGTERM)..."));

async function main() {
  const config = loadConfig();

  // Fail fast, before any build, when a port is taken.
  if (!(await isPortFree(config.ANVIL_PORT)))
    throw new PortInUseError(config.ANVIL_PORT, "ANVIL_PORT", "anvil");
  if (
    !(await isPortFree(config.WEB_PORT)) ||
    !(await isPortFree(config.WEB_PORT, "::")) ||
    !(await isPortFree(config.WEB_PORT, config.WEB_HOST))
  ) {
    throw new PortInUseError(config.WEB_PORT, "WEB_PORT", "the web server");
  }
  const externalDatabaseUrl = process.env.DATABASE_URL?.trim();
  if (!externalDatabaseUrl && !(await isPortFree(config.DB_PORT))) {
    throw new PortInUseError(config.DB_PORT, "DB_PORT", "the embedded database server");
  }

  step("Contracts: forge build");
  await run("npm", ["run", "--silent", "build", "-w", "@lending/contracts"], { cwd: paths.root });

  step("ABIs: wagmi generate");
  const generated = path.join(paths.sdk, "src", "abi", "generated.ts");
  const artifactsTime = newestMtime(paths.contractsOut, (n) => n.endsWith(".json"));
  if (!existsSync(generated) || statSync(generated).mtimeMs < artifactsTime) {
    await run("npm", ["run", "--silent", "generate", "-w", "@lending/sdk"], { cwd: paths.root });
  } else {
    info("up to date");
  }

  const fresh = process.argv.slice(2).includes("--fresh");
  let kept = fresh ? undefined : await readStackRecord(config.CHAIN_ID);
  step(`Chain: anvil on port ${config.ANVIL_PORT} (chain id ${config.CHAIN_ID})`);
  await mkdir(stateDir, { recursive: true });
  if (!kept) await rm(anvilStatePath, { force: true });
  anvil = await startAnvil({
    port: config.ANVIL_PORT,
    chainId: config.CHAIN_ID,
    portEnvVar: "ANVIL_PORT",
    statePath: anvilStatePath,
  });
  let chain = await chainIdentity(anvil.rpcUrl);
  if (
    kept &&
    (kept.genesisHash !== chain.genesisHash ||
      !(await hasCode(anvil.rpcUrl, kept.deployment.lendingPoolManager)))
  ) {
    // The saved state is not the chain the record describes (stopped before its state was
    // written, or edited by hand): start a new chain rather than serve a mix.
    info("the kept chain state does not match .data/stack.json: starting a new chain");
    await anvil.stop();
    await rm(anvilStatePath, { force: true });
    anvil = await startAnvil({
      port: config.ANVIL_PORT,
      chainId: config.CHAIN_ID,
      portEnvVar: "ANVIL_PORT",
      statePath: anvilStatePath,
    });
    chain = await chainIdentity(anvil.rpcUrl);
    kept = undefined;
  }
  info(
    kept
      ? `${anvil.rpcUrl} (the kept chain: ${anvilStatePath}; \`npm start -- --fresh\` starts a new one)`
      : `${anvil.rpcUrl} (a new chain, kept in ${anvilStatePath} for the next start)`,
  );

  const deployerPrivateKey = config.DEPLOYER_PRIVATE_KEY as Hex;
  let deployment: Deployment;
  let ammRouter: string;
  let nft: string;
  if (kept) {
    step("Deploy and seed the demo protocol (kept from the last run)");
    ({ deployment, ammRouter, nft } = kept);
    await writeDeployment(deployment);
    info(
      `deployment of the kept chain written to packages/sdk/src/deployments/${deployment.chainId}.json`,
    );
  } else {
    step("Deploy and seed the demo protocol");
    // A new chain: the databases that described the last one go with it.
    await rm(stackRecordPath, { force: true });
    if (!process.env.DATABASE_URL?.trim())
      await rm(config.PGLITE_DIR, { recursive: true, force: true });
    deployment = await deployProtocol({
      rpcUrl: anvil.rpcUrl,
      chainId: config.CHAIN_ID,
      deployerPrivateKey,
      ksuSymbol: config.PRODUCT_SYMBOL,
    });
    await seedDemo({
      rpcUrl: anvil.rpcUrl,
      deployment,
      deployerPrivateKey,
      devAccounts: demoLenderAccounts.map((a) => a.address),
    });
    await writeDeployment(deployment);
    info(`deployment written to packages/sdk/src/deployments/${deployment.chainId}.json`);
    // Uniswap V2 with USDC/WETH liquidity for swap deposits; after the protocol, so the
    // protocol's deterministic addresses do not move.
    ammRouter = (
      await deployLocalAmm({ rpcUrl: anvil.rpcUrl, deployerPrivateKey, usdc: deployment.usdc })
    ).router;
    // A partner NFT collection with a token for lender 1: the NFT detected modal.
    nft = await deployTestNft({
      rpcUrl: anvil.rpcUrl,
      deployerPrivateKey,
      holders: [demoLenderAccounts[0]!.address],
    });
    const record: StackRecord = { ...chain, deployment, ammRouter, nft };
    await writeFile(
      stackRecordPath,
      JSON.stringify(record, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 2),
    );
  }
  info(`local AMM (Uniswap V2) router ${ammRouter}`);
  info(`test partner NFT collection ${nft} (lender 1 holds a token)`);
  const prefixKeeper = (c: string) =>
    process.stdout.write(c.replace(/^(?=.)/gm, "      [keeper] "));
  // referral payouts use the database served below (DB_PORT) once it answers
  const startKeeper = () =>
    startKeeperProcess({
      rpcUrl: anvil!.rpcUrl,
      chainId: config.CHAIN_ID,
      env: { DB_PORT: String(config.DB_PORT) },
      log: prefixKeeper,
    });
  const keeperExit: ((code: number | null, signal: NodeJS.Signals | null) => void)[] = [];
  const watchKeeper = () =>
    startKeeper().child.once("exit", (code, signal) => keeperExit.forEach((l) => l(code, signal)));
  watchKeeper();
  supervised.push(
    supervise({
      name: "keeper",
      onExit: (listener) => keeperExit.push(listener),
      restart: async () => {
        watchKeeper();
      },
    }),
  );
  // The indexer backfills while the database migrates and the web app builds.
  const indexer = await startStackIndexer({
    chainId: config.CHAIN_ID,
    rpcUrl: anvil.rpcUrl,
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    chain,
    fresh: !kept,
    log: (chunk) => process.stdout.write(chunk.replace(/^(?=.)/gm, "      [indexer] ")),
  });

  let databaseUrl: string;
  if (externalDatabaseUrl) {
    step(`Database: migrate Postgres at ${redactDatabaseUrl(externalDatabaseUrl)}`);
    await migratePostgres(externalDatabaseUrl);
    databaseUrl = externalDatabaseUrl;
  } else {
    // One process owns the PGlite folder and serves it over the Postgres wire protocol; the web
    // server, `npm run ops` and the keeper all connect to it with `pg`, as to a real Postgres.
    step(`Database: migrate PGlite ${config.PGLITE_DIR}, serve it on 127.0.0.1:${config.DB_PORT}`);
    served = await serveAndMigratePglite(config.PGLITE_DIR, config.DB_PORT);
    databaseUrl = served.url;
    info(`${served.url} (npm run ops -- <command> uses it while this runs)`);
  }
  // The web database describes this chain and no other (refused with the fix otherwise).
  const bound = await openDatabase({ databaseUrl });
  try {
    await bindDatabaseToChain(bound.db, chain);
  } finally {
    await bound.close();
  }

  step("Web: next build (skipped when its inputs are unchanged)");
  const built = await buildWebIfNeeded();
  if (!built) info("up to date, reusing apps/web/.next");

  step(`Indexer: waiting until ${indexer.url} has caught up with the chain`);
  await indexer.ready();
  // Restarted when it exits (a watchdog restart of a stalled indexer is not an exit).
  supervised.push(
    supervise({
      name: "indexer",
      onExit: (listener) => indexer.indexer.onExit((code) => listener(code, null)),
      restart: () => indexer.indexer.restart(),
    }),
  );

  step(`Web: next start on ${config.WEB_HOST} port ${config.WEB_PORT}`);
  web = await startWebServer({
    port: config.WEB_PORT,
    host: config.WEB_HOST,
    portEnvVar: "WEB_PORT",
    chainId: config.CHAIN_ID,
    rpcUrl: anvil.rpcUrl,
    publicRpcUrl: config.PUBLIC_RPC_URL,
    pgliteDir: config.PGLITE_DIR,
    extra: {
      PRODUCT_SYMBOL: config.PRODUCT_SYMBOL,
      LOCAL_AMM_ROUTER: ammRouter,
      NFT_COLLECTION_ADDRESS: process.env.NFT_COLLECTION_ADDRESS?.trim() || nft,
      DATABASE_URL: databaseUrl,
      INDEXER_URL: indexer.url,
    },
    log: (chunk) => process.stdout.write(chunk.replace(/^(?=.)/gm, "      [web] ")),
  });
  web.child.once(
    "exit",
    (code) => void shutdown(code ?? 1, `The web server exited (code ${code}).`),
  );

  console.log(`
Ready in ${elapsed()}.

  App:        ${web.url}${config.WEB_HOST === LOOPBACK ? "  (this machine only; WEB_HOST=0.0.0.0 opens it to the network)" : `  (listening on ${config.WEB_HOST}: reachable from the network)`}
  Indexer:    ${indexer.url}  (GET /transactions?user=0x..., /status)
  Chain RPC:  ${anvil.rpcUrl}  (chain id ${config.CHAIN_ID})
  Database:   ${redactDatabaseUrl(databaseUrl)}${served ? `  (PGlite ${config.PGLITE_DIR})` : ""}

  Contracts:
    LendingPoolManager  ${deployment.lendingPoolManager}
    USDC (test)         ${deployment.usdc}
    ${config.PRODUCT_SYMBOL.padEnd(20)}${deployment.ksu}

  Dev accounts (anvil's well-known keys: LOCAL USE ONLY, never hold real funds with them):
    deployer  ${deployerAccount.address}  ${deployerAccount.privateKey}
${demoLenderAccounts.map((a) => `    lender ${a.index}  ${a.address}  ${a.privateKey}`).join("\n")}
  Each lender holds 100,000 test USDC and 10,000 ETH: import one of their keys into a browser
  wallet connected to ${anvil.rpcUrl} (chain id ${config.CHAIN_ID}).

Press Ctrl-C to stop.`);
}

main().catch(async (error: unknown) => {
  console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
  if (
    error instanceof Error &&
    "output" in error &&
    typeof error.output === "string" &&
    error.output
  ) {
    console.error(error.output.slice(-4000));
  }
  await shutdown(1);
});
