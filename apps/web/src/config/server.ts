import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "./errors";
import { envSchema, type EnvInput, type SupportedChainId } from "./schema";
import type { PublicConfig } from "./public";

/** Validated configuration for server code. Never send this object to the browser. */
export interface ServerConfig {
  chainId: SupportedChainId;
  /** RPC used by the server */
  rpcUrl: string;
  /** RPC used by the browser */
  publicRpcUrl: string;
  walletConnectProjectId?: string;
  productSymbol: string;
  appName: string;
  subordinationDocsUrl: string;
  /** real Postgres when set; otherwise PGlite in `pgliteDir` */
  databaseUrl?: string;
  /** absolute folder of the embedded PGlite database, or `memory://` */
  pgliteDir: string;
}

/** The repository root: the nearest folder upwards whose package.json declares workspaces. */
export function findRepoRoot(from: string = process.cwd()): string {
  let dir = path.resolve(/*turbopackIgnore: true*/ from);
  for (;;) {
    const pkg = path.join(/*turbopackIgnore: true*/ dir, "package.json");
    if (existsSync(pkg)) {
      try {
        const json = JSON.parse(readFileSync(pkg, "utf8")) as { workspaces?: unknown };
        if (json.workspaces) return dir;
      } catch {
        // not our package.json; keep walking up
      }
    }
    const parent = path.dirname(/*turbopackIgnore: true*/ dir);
    if (parent === dir) return path.resolve(/*turbopackIgnore: true*/ from);
    dir = parent;
  }
}

/**
 * Validates the environment. Throws {@link ConfigError} naming the first bad variable.
 *
 * @example parseServerConfig({ CHAIN_ID: "84532", RPC_URL: "https://sepolia.base.org" })
 */
export function parseServerConfig(env: EnvInput, cwd: string = process.cwd()): ServerConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    const raw = env[variable];
    throw new ConfigError(variable, issue?.message ?? "is invalid", raw);
  }
  const e = result.data;
  const root = findRepoRoot(cwd);
  return {
    chainId: e.CHAIN_ID as SupportedChainId,
    rpcUrl: e.RPC_URL,
    publicRpcUrl: e.PUBLIC_RPC_URL ?? e.RPC_URL,
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID,
    productSymbol: e.PRODUCT_SYMBOL,
    appName: e.APP_NAME,
    subordinationDocsUrl: e.SUBORDINATION_DOCS_URL,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: resolvePgliteDir(root, e.PGLITE_DIR),
  };
}

/** PGLITE_DIR relative to the repo root; a URL-like value (`memory://`, `idb://x`) stays as is. */
function resolvePgliteDir(root: string, value: string | undefined): string {
  if (value && /^[a-z]+:\/\//i.test(value)) return value;
  return path.resolve(/*turbopackIgnore: true*/ root, value ?? ".data/pglite");
}

let cached: { key: string; config: ServerConfig } | undefined;

/** The server configuration from `process.env`, read at request time and cached per env. */
export function serverConfig(): ServerConfig {
  const env = process.env as EnvInput;
  const key = JSON.stringify([
    env.CHAIN_ID,
    env.RPC_URL,
    env.PUBLIC_RPC_URL,
    env.WALLETCONNECT_PROJECT_ID,
    env.PRODUCT_SYMBOL,
    env.APP_NAME,
    env.SUBORDINATION_DOCS_URL,
    env.DATABASE_URL,
    env.PGLITE_DIR,
  ]);
  if (cached?.key !== key) cached = { key, config: parseServerConfig(env) };
  return cached.config;
}

/** The part of the configuration the browser may see. */
export function toPublicConfig(c: ServerConfig): PublicConfig {
  return {
    chainId: c.chainId,
    rpcUrl: c.publicRpcUrl,
    ...(c.walletConnectProjectId ? { walletConnectProjectId: c.walletConnectProjectId } : {}),
    appName: c.appName,
    coinbaseAppName: c.appName,
    productSymbol: c.productSymbol,
    subordinationDocsUrl: c.subordinationDocsUrl,
  };
}
