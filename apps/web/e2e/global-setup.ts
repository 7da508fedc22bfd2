import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startTestStack } from "../../../scripts/src/fixture/index";
import { deployTestNft } from "../../../scripts/src/chain/deploy";
import { deployerAccount } from "../../../scripts/src/lib/dev-accounts";
import { startIndexer, waitForIndexerReady, type Indexer } from "../../../scripts/src/lib/indexer";
import { startKeeperProcess } from "../../../scripts/src/lib/keeper";
import { supervise, type Supervised } from "../../../scripts/src/lib/supervise";
import { getFreePort } from "../../../scripts/src/lib/net";
import { buildWebIfNeeded, startWebServer } from "../../../scripts/src/lib/web";
import { OAuth2Server } from "oauth2-mock-server";
import { servePglite } from "../src/server/db/serve";
import { deployLocalAmm } from "../src/server/swap/local-amm";
import { migratedTemplate } from "../src/server/test/pglite-template";
import { E2E_GOOGLE_USER } from "./support/google";

/**
 * The same fixture as vitest: fresh anvil + deploy + seed, then a production `next start` on a
 * free port against it (built first when its inputs changed). Tests read E2E_* from the env.
 *
 * The slow parts that do not need each other start together as soon as the chain is up: the served
 * database (in this process, in memory, from the API tests' migrated template), Ponder (its
 * database, build and backfill, in its own process), the two extra contracts, the Google stand-in
 * and the build check; each is awaited where it is needed (the keeper after the database and the
 * contracts, `next start` after all but the indexer's backfill, which the tests wait for last).
 * One after the other they took 105-116 s on a loaded machine, together 71-89 s
 * (docs/benchmarks.md, issue 26 goal 4, sixth session). The chain comes first on its own: started
 * beside it, the database (in this process) held up the deploy's requests five times over; and
 * the database's folder and Ponder's, both created here one beside the other (initdb, then the
 * migrations), were the slowest part (tenth session). The "stack ready" line says when each part
 * was done.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  // Playwright's own start before this (its config, this file's imports, the test files)
  const runnerStart = process.uptime().toFixed(1);
  // when each part was done, in seconds since the start: the "stack ready" line prints them
  const marks: string[] = [];
  const at = () => ((Date.now() - started) / 1000).toFixed(1);
  const mark = <T>(label: string, p: Promise<T>): Promise<T> =>
    p.then((v) => {
      marks.push(`${label} ${at()}`);
      return v;
    });
  const stack = await mark("chain+deploy+seed", startTestStack());
  const pgliteDir = mkdtempSync(path.join(tmpdir(), "lending-e2e-pglite-"));
  let stopWeb: (() => Promise<void>) | undefined;
  let stopKeeper: (() => Promise<void>) | undefined;
  let indexer: Indexer | undefined;
  let googleIssuer: OAuth2Server | undefined;
  let served: Awaited<ReturnType<typeof servePglite>> | undefined;
  let supervisor: Supervised | undefined;
  let starts: Promise<unknown> = Promise.resolve();
  try {
    const deploymentFile = path.join(pgliteDir, "deployment.json");
    writeFileSync(deploymentFile, JSON.stringify(stack.deployment));
    const [dbPort, indexerPort, webPort] = [
      await getFreePort(),
      await getFreePort(),
      await getFreePort(),
    ];
    // The indexer, as `npm start` runs it (its own embedded database), behind /api/transactions.
    // Its backfill goes on while the rest starts; the tests wait for it below. Its folder is new
    // (this run's temporary folder): Ponder creates it in its own process, beside the database's
    // start in this one. Started first: that start holds this process up.
    const indexerStart = mark(
      "indexer started",
      startIndexer({
        port: indexerPort,
        chainId: stack.chainId,
        rpcUrl: stack.rpcUrl,
        pgliteDir: path.join(pgliteDir, "indexer"),
        newFolder: true,
        deploymentFile,
        // its watchdog's restarts are always printed
        log: process.env.E2E_INDEXER_LOG
          ? (chunk) => process.stdout.write(`[indexer] ${chunk}`)
          : (chunk) => {
              if (chunk.startsWith("[indexer] stuck")) process.stdout.write(`[e2e] ${chunk}`);
            },
      }).then((i) => (indexer = i)),
    );
    // The app's database served as `npm start` serves it, so ops commands (loan tickets, KYC)
    // can run against it while the web server is up: in memory, started from the migrated
    // template the API tests start from (made once per set of migrations, kept in the temp
    // folder), not a folder created (initdb) and migrated here, in this process.
    const servedStart = mark(
      "database",
      migratedTemplate()
        .then((loadDataDir) =>
          servePglite({ pgliteDir: "memory://", port: dbPort, migrate: true, loadDataDir }),
        )
        .then((db) => (served = db)),
    );
    // After the protocol, so its deterministic addresses are unchanged; one after the other (one
    // deployer, one nonce sequence).
    const contractsDeploy = mark(
      "amm+nft",
      (async () => {
        const amm = await deployLocalAmm({
          rpcUrl: stack.rpcUrl,
          deployerPrivateKey: deployerAccount.privateKey,
          usdc: stack.deployment.usdc,
        });
        // A partner NFT collection with no holder yet: the default test wallet (dev account 1,
        // which holds one on `npm start`) must not see the NFT detected modal in every test; the
        // NFT test mints one to its own lender.
        const nft = await deployTestNft({
          rpcUrl: stack.rpcUrl,
          deployerPrivateKey: deployerAccount.privateKey,
          holders: [],
        });
        return { amm, nft };
      })(),
    );
    // A local OpenID Connect issuer standing in for Google (authorization code + PKCE): its
    // authorize endpoint answers at once with a code for the e2e Google user.
    const googleStart = mark(
      "google",
      (async () => {
        googleIssuer = new OAuth2Server();
        await googleIssuer.issuer.keys.generate("RS256");
        await googleIssuer.start(0, "127.0.0.1");
        googleIssuer.service.on("beforeTokenSigning", (token) => {
          token.payload.sub = E2E_GOOGLE_USER.sub;
          token.payload.email = E2E_GOOGLE_USER.email;
          token.payload.email_verified = true;
        });
        return googleIssuer;
      })(),
    );
    const build = mark("build check", buildWebIfNeeded("capture"));
    // every start has a handler from here on (a failure is thrown where it is awaited, and the
    // cleanup below waits for the others to settle before stopping what they started)
    starts = Promise.allSettled([servedStart, indexerStart, contractsDeploy, googleStart, build]);

    const [db, { amm, nft }] = await Promise.all([servedStart, contractsDeploy]);
    // The keeper, as `npm start` runs it: clears pools when their clearing period opens.
    stopKeeper = startKeeperProcess({
      rpcUrl: stack.rpcUrl,
      chainId: stack.chainId,
      env: { KEEPER_POLL_INTERVAL_MS: "500", DATABASE_URL: db.url },
      log: process.env.E2E_KEEPER_LOG
        ? (chunk) => process.stdout.write(`[keeper] ${chunk}`)
        : undefined,
    }).stop;
    const [running, google] = await Promise.all([indexerStart, googleStart]);
    if (await build) console.log("[e2e] built the web app (inputs changed)");
    const web = await startWebServer({
      port: webPort,
      chainId: stack.chainId,
      rpcUrl: stack.rpcUrl,
      extra: {
        LOCAL_AMM_ROUTER: amm.router,
        INDEXER_URL: running.url,
        DATABASE_URL: db.url,
        NFT_COLLECTION_ADDRESS: nft,
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_ISSUER: google.issuer.url!,
        // the first-deposit cache's "no deposit yet" believed 1 s, not 30 s: the referral
        // rewards journey shows B's first deposit to A at once, not half a minute after B's
        // referral was checked (docs/decisions.md)
        NO_DEPOSIT_TTL_MS: "1000",
        // every lender of the suite is the one client 127.0.0.1: the per-IP budgets of one person
        // (30 state-changing requests and 120 reads a minute) counted the whole suite together and
        // answered a journey 429 in a busy minute (ci33). The budgets are the API tests' to hold.
        RATE_LIMIT_POSTS_PER_MINUTE: "3000",
        RATE_LIMIT_READS_PER_MINUTE: "12000",
      },
      log: process.env.E2E_WEB_LOG ? (chunk) => process.stdout.write(`[web] ${chunk}`) : undefined,
    });
    stopWeb = web.stop;
    marks.push(`next start ${at()}`);
    await waitForIndexerReady(running, 5 * 60_000);
    marks.push(`indexer ready ${at()}`);
    // As `npm start` does: an indexer that exits (a failed watchdog restart on a loaded machine)
    // is started again, so one exit does not fail every later journey that reads the history.
    // Its last output is printed with the supervisor's line, so the log says why it exited.
    supervisor = supervise({
      name: "indexer",
      onExit: (listener) =>
        running.onExit((code) => {
          console.log(
            `[e2e] the indexer exited; its last output:\n${running.output().slice(-3000)}`,
          );
          listener(code, null);
        }),
      restart: () => running.restart(),
      log: (line) => console.log(`[e2e] ${line}`),
    });
    process.env.E2E_BASE_URL = web.url;
    process.env.E2E_RPC_URL = stack.rpcUrl;
    process.env.E2E_CHAIN_ID = String(stack.chainId);
    process.env.E2E_DEPLOYMENT = JSON.stringify(stack.deployment);
    process.env.E2E_DATABASE_URL = db.url;
    process.env.E2E_INDEXER_URL = running.url;
    process.env.E2E_NFT_COLLECTION = nft;
    console.log(
      `[e2e] web ${web.url} against anvil ${stack.rpcUrl} (stack ready in ${at()} s, after ${runnerStart} s of Playwright's own start; each part done at: ${marks.join(", ")})`,
    );
  } catch (error) {
    await starts;
    // the start's error is what the run reports; a part that then fails to stop is printed
    await stopAll().catch((stopError: unknown) => console.error(`[e2e] ${String(stopError)}`));
    throw error;
  }
  return async () => console.log(`[e2e] stack stopped in ${await stopAll()}`);

  /**
   * Stops what was started; answers how long it took, in all and each part. A part that fails to
   * stop does not keep the others running: every part is stopped, then the failures are thrown
   * together.
   */
  async function stopAll(): Promise<string> {
    const stopping = Date.now();
    const parts: string[] = [];
    const failed: unknown[] = [];
    const timed = async (label: string, stop: () => Promise<unknown> | undefined) => {
      const t = Date.now();
      try {
        await stop();
        parts.push(`${label} ${((Date.now() - t) / 1000).toFixed(1)}`);
      } catch (error) {
        parts.push(`${label} failed`);
        failed.push(error);
      }
    };
    // side by side, each its own process (SIGTERM, then SIGKILL after 5 s): what reads the
    // database and the chain first, then they
    supervisor?.stop();
    await Promise.all([
      timed("next start", () => stopWeb?.()),
      timed("google", () => googleIssuer?.stop()),
      timed("keeper", () => stopKeeper?.()),
      timed("indexer", () => indexer?.stop()),
    ]);
    await Promise.all([
      timed("database", () => served?.close()),
      timed("anvil", () => stack.stop()),
    ]);
    await timed("temporary folder", async () =>
      rmSync(pgliteDir, { recursive: true, force: true }),
    );
    const took = `${((Date.now() - stopping) / 1000).toFixed(1)} s (${parts.join(", ")})`;
    if (failed.length) throw new AggregateError(failed, `the stack stopped with failures: ${took}`);
    return took;
  }
}
