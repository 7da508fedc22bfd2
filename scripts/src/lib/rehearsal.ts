/**
 * The production rehearsal (issue 25, item 5): the system as it would run on Base, on this
 * machine. Started by apps/web/playwright.rehearsal.config.ts (`npm run rehearsal`, a stage of
 * `npm test`):
 *
 * - anvil with chain id 84532 (Base Sepolia's), time moved only by raw RPC;
 * - "the existing tokens": a token issuer (not the deployer) deploys a plain 6-decimal USDC and
 *   an 18-decimal KSU first; then the production deploy path (scripts/src/chain/deploy-config.ts,
 *   as `npm run deploy` runs it off 31337) deploys the protocol pointing at them, with its own
 *   deployer, keeper, treasury and KYC signer accounts, and creates the pools (`--seed`, which
 *   mints nothing with existing tokens); the issuer funds the interest reserves by transfer;
 * - a real Postgres (Debian's) for the web database and for Ponder (schema `rehearsal`);
 * - the keeper as its own process with its own key, holding only KEEPER_ROLE and
 *   PRICE_SETTER_ROLE, restarted with backoff when it exits (as a supervisor would);
 * - two web replicas (`next start` of one production build, NODE_ENV=production) on one
 *   database behind a round-robin proxy; the deployment comes from DEPLOYMENT_FILE, no dev
 *   wallet, no demo controls, no dev outbox (none exists off 31337).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  parseAbi,
  parseUnits,
  toBytes,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { parseDeployEnv, runDeploy } from "../chain/deploy-config";
import { startAnvil, stopProcessGroup, type AnvilInstance } from "./anvil";
import { migratePostgres } from "./db";
import { devAccount } from "./dev-accounts";
import { startIndexerAndWait, type Indexer } from "./indexer";
import { startKeeperProcess, type KeeperProcess } from "./keeper";
import { getFreePort } from "./net";
import { paths } from "./paths";
import { startTestPostgres } from "./postgres";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";
import { supervise, type Supervised } from "./supervise";
import { buildWebIfNeeded, startWebServer, type WebServer } from "./web";

/** Base Sepolia's chain id: the rehearsal's chain is not the local one. */
export const REHEARSAL_CHAIN_ID = 84532;

/** The rehearsal's accounts: each role its own key, none of them the local chain's defaults. */
export const rehearsalAccounts = {
  /** Issued the "existing" USDC and KSU before the protocol existed; funds lenders by transfer. */
  tokenIssuer: devAccount(3),
  deployer: devAccount(5),
  keeper: devAccount(6),
  treasury: devAccount(7),
  kycSigner: devAccount(8),
};

/** The "existing" USDC's supply, held by its issuer. */
const ISSUER_USDC = parseUnits("10000000", 6);
/** What each pool's interest reserve gets from the issuer (a transfer, like a borrower's repayment). */
const INTEREST_RESERVE = parseUnits("50000", 6);

export type RehearsalStack = {
  /** the proxy in front of the web replicas: what a browser opens */
  baseUrl: string;
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  deploymentFile: string;
  databaseUrl: string;
  indexerUrl: string;
  /** the replicas' process ids (group leaders: `process.kill(-pid)` ends one) */
  webPids: number[];
  /** a file holding the current keeper process id (it changes when the keeper restarts) */
  keeperPidFile: string;
  stop: () => Promise<void>;
};

export class PostgresUnavailableError extends Error {
  constructor(reason: string) {
    super(
      `The production rehearsal needs a real Postgres: ${reason}. Install it with:\n  sudo apt-get install -y postgresql`,
    );
    this.name = "PostgresUnavailableError";
  }
}

async function artifact(name: string): Promise<{ abi: Abi; bytecode: Hex }> {
  const file = path.join(paths.contractsOut, `${name}.sol`, `${name}.json`);
  const json = JSON.parse(await readFile(file, "utf8")) as {
    abi: Abi;
    bytecode: { object: string };
  };
  const object = json.bytecode.object;
  return { abi: json.abi, bytecode: (object.startsWith("0x") ? object : `0x${object}`) as Hex };
}

/** The token issuer deploys the "existing" USDC (6 decimals) and KSU (18) before the protocol. */
async function deployExistingTokens(rpcUrl: string): Promise<{ usdc: Address; ksu: Address }> {
  const issuer = privateKeyToAccount(rehearsalAccounts.tokenIssuer.privateKey);
  const wallet = createWalletClient({ account: issuer, transport: http(rpcUrl) });
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 50 });
  const deploy = async (name: string, args: unknown[]) => {
    const { abi, bytecode } = await artifact(name);
    const hash = await wallet.deployContract({ abi, bytecode, args, chain: null });
    const receipt = await client.waitForTransactionReceipt({ hash });
    return getAddress(receipt.contractAddress!);
  };
  const usdc = await deploy("TestUSDC", [issuer.address]);
  const ksu = await deploy("KSU", ["Kasu", "KSU", issuer.address, 10n ** 27n]);
  // the issuer's supply, as a stablecoin issuer holds it (before and outside the protocol)
  const minted = await wallet.writeContract({
    address: usdc,
    abi: parseAbi(["function mint(address to, uint256 amount)"]),
    functionName: "mint",
    args: [issuer.address, ISSUER_USDC],
    chain: null,
  });
  await client.waitForTransactionReceipt({ hash: minted });
  return { usdc, ksu };
}

/**
 * The issuer's USDC funds each pool's interest reserve through the pool manager (the deployer),
 * as `npm run ops -- repay` does on Base: a transfer, an approval and `repay(pool, 0, interest)`.
 */
async function fundInterestReserves(rpcUrl: string, deployment: Deployment): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 50 });
  const issuer = createWalletClient({
    account: privateKeyToAccount(rehearsalAccounts.tokenIssuer.privateKey),
    transport: http(rpcUrl),
  });
  const manager = createWalletClient({
    account: privateKeyToAccount(rehearsalAccounts.deployer.privateKey),
    transport: http(rpcUrl),
  });
  const wait = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`Funding the reserves: ${hash} reverted`);
  };
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const pools = await client.readContract({ ...lpm, functionName: "poolCount" });
  const total = INTEREST_RESERVE * pools;
  await wait(
    await issuer.writeContract({
      address: deployment.usdc,
      abi: erc20Abi,
      functionName: "transfer",
      args: [manager.account.address, total],
      chain: null,
    }),
  );
  await wait(
    await manager.writeContract({
      address: deployment.usdc,
      abi: erc20Abi,
      functionName: "approve",
      args: [deployment.lendingPoolManager, total],
      chain: null,
    }),
  );
  for (let pool = 0n; pool < pools; pool++) {
    await wait(
      await manager.writeContract({
        ...lpm,
        functionName: "repay",
        args: [pool, 0n, INTEREST_RESERVE],
        chain: null,
      }),
    );
  }
}

/** The keeper's roles on chain: exactly the two it needs, no admin role. */
export async function keeperRoles(rpcUrl: string, deployment: Deployment) {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const keeper = rehearsalAccounts.keeper.address;
  const has = (address: Address, role: Hex) =>
    client.readContract({
      address,
      abi: lendingPoolManagerAbi,
      functionName: "hasRole",
      args: [role, keeper],
    });
  const role = (name: string) => keccak256(toBytes(name));
  const admin = `0x${"0".repeat(64)}` as Hex;
  return {
    keeper: await has(deployment.lendingPoolManager, role("KEEPER_ROLE")),
    priceSetter: await has(deployment.ksuLocking, role("PRICE_SETTER_ROLE")),
    managerAdmin: await has(deployment.lendingPoolManager, admin),
    poolManager: await has(deployment.lendingPoolManager, role("POOL_MANAGER_ROLE")),
    lockingAdmin: await has(deployment.ksuLocking, admin),
  };
}

/** Starts the whole rehearsal stack; throws {@link PostgresUnavailableError} without Postgres. */
export async function startRehearsalStack(
  opts: { log?: (line: string) => void; verbose?: boolean } = {},
): Promise<RehearsalStack> {
  const log = opts.log ?? ((line: string) => console.log(`[rehearsal] ${line}`));
  const tmp = mkdtempSync(path.join(tmpdir(), "lending-rehearsal-"));
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  };
  const prefix = (name: string) =>
    opts.verbose
      ? (chunk: string) => process.stdout.write(chunk.replace(/^(?=.)/gm, `[${name}] `))
      : undefined;
  try {
    const t0 = Date.now();
    const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
    // the build first (a no-op after the e2e stage): it is the slowest part when needed
    if (await buildWebIfNeeded("capture")) log(`built the web app (${since()})`);
    const pg = await startTestPostgres(false, await getFreePort(), "pg-rehearsal");
    if ("skipped" in pg) throw new PostgresUnavailableError(pg.skipped);
    stops.push(pg.stop);
    const databaseUrl = pg.url;
    const anvil: AnvilInstance = await startAnvil({
      port: await getFreePort(),
      chainId: REHEARSAL_CHAIN_ID,
    });
    stops.push(anvil.stop);
    const rpcUrl = anvil.rpcUrl;
    log(`Postgres ${databaseUrl}, anvil ${rpcUrl} (chain ${REHEARSAL_CHAIN_ID}) (${since()})`);

    const tokens = await deployExistingTokens(rpcUrl);
    const env = parseDeployEnv({
      RPC_URL: rpcUrl,
      CHAIN_ID: String(REHEARSAL_CHAIN_ID),
      DEPLOYER_PRIVATE_KEY: rehearsalAccounts.deployer.privateKey,
      USDC_ADDRESS: tokens.usdc,
      KSU_ADDRESS: tokens.ksu,
      KEEPER_ADDRESS: rehearsalAccounts.keeper.address,
      TREASURY_ADDRESS: rehearsalAccounts.treasury.address,
      KYC_SIGNER_ADDRESS: rehearsalAccounts.kycSigner.address,
      DEPLOYMENTS_DIR: tmp,
    });
    const { deployment, file: deploymentFile } = await runDeploy(env, {
      seed: true,
      log: () => undefined,
    });
    await fundInterestReserves(rpcUrl, deployment);
    log(`deployed by the production path (${since()})`);

    // the web database's tables, as a release runs them before starting web servers
    await migratePostgres(databaseUrl);
    const genesis = await createPublicClient({ transport: http(rpcUrl) }).getBlock({
      blockNumber: 0n,
    });
    const indexer: Indexer = await startIndexerAndWait(
      {
        port: await getFreePort(),
        chainId: REHEARSAL_CHAIN_ID,
        rpcUrl,
        databaseUrl,
        schema: "rehearsal",
        deploymentFile,
        chain: { chainId: REHEARSAL_CHAIN_ID, genesisHash: genesis.hash },
        fresh: true,
        log: prefix("indexer"),
      },
      3 * 60_000,
    );
    stops.push(indexer.stop);
    log(`indexer on Postgres ${indexer.url} (${since()})`);

    // the keeper: its own key and roles, restarted when it exits (a supervisor's job)
    const keeperPidFile = path.join(tmp, "keeper.pid");
    let keeper: KeeperProcess | undefined;
    const keeperExit: ((code: number | null, signal: NodeJS.Signals | null) => void)[] = [];
    const startKeeper = () => {
      keeper = startKeeperProcess({
        rpcUrl,
        chainId: REHEARSAL_CHAIN_ID,
        env: {
          KEEPER_PRIVATE_KEY: rehearsalAccounts.keeper.privateKey,
          DEPLOYMENT_FILE: deploymentFile,
          DATABASE_URL: databaseUrl,
          KSU_PRICE_SOURCE: "none",
          KEEPER_POLL_INTERVAL_MS: "500",
        },
        log: prefix("keeper"),
      });
      writeFileSync(keeperPidFile, String(keeper.pid));
      keeper.child.once("exit", (code, signal) => keeperExit.forEach((l) => l(code, signal)));
    };
    startKeeper();
    const supervisor: Supervised = supervise({
      name: "keeper",
      onExit: (listener) => keeperExit.push(listener),
      restart: async () => startKeeper(),
      log,
    });
    stops.push(async () => {
      supervisor.stop();
      if (keeper) await stopProcessGroup(keeper.child);
    });

    // two replicas of one production build on one database, behind the proxy
    const proxyPort = await getFreePort();
    const appUrl = `http://localhost:${proxyPort}`;
    const webEnv = {
      NODE_ENV: "production",
      DEPLOYMENT_FILE: deploymentFile,
      DATABASE_URL: databaseUrl,
      INDEXER_URL: indexer.url,
      APP_URL: appUrl,
      TRUST_PROXY: "1",
      KYC_PROVIDER: "local",
      LOCAL_KYC_AUTO_APPROVE: "false",
      KYC_SIGNER_PRIVATE_KEY: rehearsalAccounts.kycSigner.privateKey,
      // nothing of the local demo: no AMM, no partner NFT, no PGlite folder
      LOCAL_AMM_ROUTER: undefined,
      NFT_COLLECTION_ADDRESS: undefined,
      PGLITE_DIR: undefined,
      SMTP_URL: undefined,
    };
    const replicas: WebServer[] = await Promise.all(
      [0, 1].map(async (i) =>
        startWebServer({
          port: await getFreePort(),
          chainId: REHEARSAL_CHAIN_ID,
          rpcUrl,
          extra: webEnv,
          log: prefix(`web${i}`),
        }),
      ),
    );
    for (const r of replicas) stops.push(r.stop);
    const proxy: RoundRobinProxy = await startRoundRobinProxy({
      upstreams: replicas.map((r) => r.url),
      port: proxyPort,
    });
    stops.push(async () => {
      log(`requests answered per web replica: ${JSON.stringify(proxy.served())}`);
      await proxy.close();
    });
    log(`web replicas ${replicas.map((r) => r.url).join(", ")} behind ${proxy.url} (${since()})`);

    return {
      baseUrl: appUrl,
      rpcUrl,
      chainId: REHEARSAL_CHAIN_ID,
      deployment,
      deploymentFile,
      databaseUrl,
      indexerUrl: indexer.url,
      webPids: replicas.map((r) => r.child.pid ?? -1),
      keeperPidFile,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
