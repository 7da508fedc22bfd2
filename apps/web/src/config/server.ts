import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDeployment, registerDeployment, type Deployment } from "@lending/sdk/deployments";
import { ConfigError } from "./errors";
import { envSchema, type EnvInput, type FeatureName, type SupportedChainId } from "./schema";
import type { PublicConfig } from "./public";

/** Validated configuration for server code. Never send this object to the browser. */
export interface ServerConfig {
  chainId: SupportedChainId;
  /** RPC used by the server */
  rpcUrl: string;
  /** RPC used by the browser */
  publicRpcUrl: string;
  /** the deployment record of DEPLOYMENT_FILE (else the one the SDK was built with) */
  deployment?: Deployment;
  /** the indexer's HTTP API (transaction history), no trailing slash */
  indexerUrl: string;
  walletConnectProjectId?: string;
  /** extra origins the browser may connect to (CONNECT_ORIGINS), for the CSP's connect-src */
  connectOrigins: string[];
  /** Google sign-in (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER); unset hides it */
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** the on-ramp adapter (ONRAMP_URL, ONRAMP_NAME); unset hides it */
  onRamp?: { urlTemplate: string; name: string };
  productSymbol: string;
  appName: string;
  subordinationDocsUrl: string;
  /** real Postgres when set; otherwise PGlite in `pgliteDir` */
  databaseUrl?: string;
  /** absolute folder of the embedded PGlite database, or `memory://` */
  pgliteDir: string;
  databasePoolSize: number;
  databaseConnectTimeoutMs: number;
  databaseQueryTimeoutMs: number;
  /** proxies in front that append to X-Forwarded-For (TRUST_PROXY); 0: use the socket address */
  trustProxy: number;
  kyc: {
    provider: "local" | "compilot";
    localAutoApprove: boolean;
    compilot?: { apiUrl: string; apiKey: string };
    /** private key of the EIP-712 deposit authorisation signer */
    signerPrivateKey: `0x${string}`;
    signatureBlocks: number;
  };
  mail: { smtpUrl?: string; from: string; contact?: string; linkSecret?: string };
  /** the site's origin (APP_URL); unset only on the local chain (then the request's origin) */
  appUrl?: string;
  swap:
    | { provider: "local"; router?: `0x${string}` }
    | { provider: "aggregator"; apiUrl: string; apiKey?: string; spender?: `0x${string}` };
  /** USD price feeds by upper-case symbol (PRICE_FEEDS) */
  priceFeeds: Record<string, `0x${string}`>;
  /** a partner NFT collection whose holders see the NFT detected modal */
  nftCollection?: `0x${string}`;
  features: { tokenLaunch: boolean; unreleased: FeatureName[] };
  /** the referrer's share of the protocol fee of its referred users' interest */
  referralFeeShare: number;
  /** how long "no deposit yet" is believed by the first-deposit cache (NO_DEPOSIT_TTL_MS) */
  noDepositTtlMs: number;
  /** per-minute budgets (RATE_LIMIT_POSTS_PER_MINUTE, RATE_LIMIT_READS_PER_MINUTE) */
  rateLimits: { postsPerMinute: number; readsPerMinute: number };
}

/** The indexer's default address on the local chain (INDEXER_PORT's default). */
export const DEFAULT_LOCAL_INDEXER_URL = "http://127.0.0.1:42069";

/** anvil account 9: the default KYC signer on the local chain only (a public key, never real). */
export const LOCAL_KYC_SIGNER_PRIVATE_KEY =
  "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6" as const;

/** Signs the epoch mails' unsubscribe links on the local chain only (public, never real). */
export const LOCAL_MAIL_LINK_SECRET = "local-chain-only-mail-link-secret-not-for-production";

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
  const local = e.CHAIN_ID === 31337;
  const signerPrivateKey =
    (e.KYC_SIGNER_PRIVATE_KEY as `0x${string}` | undefined) ??
    (local ? LOCAL_KYC_SIGNER_PRIVATE_KEY : undefined);
  if (!signerPrivateKey) {
    throw new ConfigError("KYC_SIGNER_PRIVATE_KEY", `is required on chain ${e.CHAIN_ID}`);
  }
  if (!e.APP_URL && !local) {
    throw new ConfigError("APP_URL", `is required on chain ${e.CHAIN_ID} (Sign-In with Ethereum)`);
  }
  if (!e.INDEXER_URL && !local) {
    throw new ConfigError("INDEXER_URL", `is required on chain ${e.CHAIN_ID}`);
  }
  if (e.SWAP_PROVIDER === "aggregator" && !e.SWAP_API_URL) {
    throw new ConfigError("SWAP_API_URL", "is required by SWAP_PROVIDER=aggregator");
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    const missing = e.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
    throw new ConfigError(missing, "is required with the other Google sign-in variable");
  }
  if (e.KYC_PROVIDER === "compilot") {
    if (!e.COMPILOT_API_URL)
      throw new ConfigError("COMPILOT_API_URL", "is required by KYC_PROVIDER=compilot");
    if (!e.COMPILOT_API_KEY)
      throw new ConfigError("COMPILOT_API_KEY", "is required by KYC_PROVIDER=compilot");
  }
  const deployment = e.DEPLOYMENT_FILE
    ? readDeploymentFile(
        path.resolve(/*turbopackIgnore: true*/ root, e.DEPLOYMENT_FILE),
        e.CHAIN_ID,
      )
    : undefined;
  return {
    chainId: e.CHAIN_ID as SupportedChainId,
    rpcUrl: e.RPC_URL,
    ...(deployment ? { deployment } : {}),
    publicRpcUrl: e.PUBLIC_RPC_URL ?? e.RPC_URL,
    indexerUrl: (e.INDEXER_URL ?? DEFAULT_LOCAL_INDEXER_URL).replace(/\/+$/, ""),
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID,
    connectOrigins: e.CONNECT_ORIGINS.map((o) => new URL(o).origin),
    ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          },
        }
      : {}),
    ...(e.ONRAMP_URL ? { onRamp: { urlTemplate: e.ONRAMP_URL, name: e.ONRAMP_NAME } } : {}),
    productSymbol: e.PRODUCT_SYMBOL,
    appName: e.APP_NAME,
    subordinationDocsUrl: e.SUBORDINATION_DOCS_URL,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: resolvePgliteDir(root, e.PGLITE_DIR),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    kyc: {
      provider: e.KYC_PROVIDER,
      localAutoApprove: e.LOCAL_KYC_AUTO_APPROVE ? e.LOCAL_KYC_AUTO_APPROVE === "true" : local,
      ...(e.KYC_PROVIDER === "compilot" && e.COMPILOT_API_URL && e.COMPILOT_API_KEY
        ? { compilot: { apiUrl: e.COMPILOT_API_URL, apiKey: e.COMPILOT_API_KEY } }
        : {}),
      signerPrivateKey,
      signatureBlocks: e.KYC_SIGNATURE_BLOCKS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      ...(e.CONTACT_EMAIL ? { contact: e.CONTACT_EMAIL } : {}),
      ...((e.MAIL_LINK_SECRET ?? (local ? LOCAL_MAIL_LINK_SECRET : undefined))
        ? { linkSecret: e.MAIL_LINK_SECRET ?? LOCAL_MAIL_LINK_SECRET }
        : {}),
    },
    ...(e.APP_URL ? { appUrl: e.APP_URL } : {}),
    swap:
      e.SWAP_PROVIDER === "aggregator"
        ? {
            provider: "aggregator",
            apiUrl: e.SWAP_API_URL!,
            apiKey: e.SWAP_API_KEY,
            spender: e.SWAP_SPENDER as `0x${string}` | undefined,
          }
        : { provider: "local", router: e.LOCAL_AMM_ROUTER as `0x${string}` | undefined },
    priceFeeds: e.PRICE_FEEDS ?? {},
    ...(e.NFT_COLLECTION_ADDRESS
      ? { nftCollection: e.NFT_COLLECTION_ADDRESS as `0x${string}` }
      : {}),
    features: {
      tokenLaunch: e.FEATURE_TOKEN_LAUNCH ? e.FEATURE_TOKEN_LAUNCH === "true" : local,
      unreleased: e.FEATURE_UNRELEASED,
    },
    referralFeeShare: e.REFERRAL_FEE_SHARE,
    noDepositTtlMs: e.NO_DEPOSIT_TTL_MS,
    rateLimits: {
      postsPerMinute: e.RATE_LIMIT_POSTS_PER_MINUTE,
      readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE,
    },
  };
}

/** Reads and checks the deployment record of DEPLOYMENT_FILE (it must be CHAIN_ID's). */
function readDeploymentFile(file: string, chainId: number): Deployment {
  let deployment: Deployment;
  try {
    deployment = parseDeployment(JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")));
  } catch (error) {
    throw new ConfigError(
      "DEPLOYMENT_FILE",
      `must be a deployment record the deploy wrote (${error instanceof Error ? error.message : String(error)})`,
      file,
    );
  }
  if (deployment.chainId !== chainId) {
    throw new ConfigError(
      "DEPLOYMENT_FILE",
      `is a deployment on chain ${deployment.chainId}, not CHAIN_ID ${chainId}`,
      file,
    );
  }
  return deployment;
}

/** PGLITE_DIR relative to the repo root; a URL-like value (`memory://`, `idb://x`) stays as is. */
function resolvePgliteDir(root: string, value: string | undefined): string {
  if (value && /^[a-z]+:\/\//i.test(value)) return value;
  return path.resolve(/*turbopackIgnore: true*/ root, value ?? ".data/pglite");
}

/** Every variable the schema reads: a change of any of them is a new configuration. */
const ENV_NAMES = Object.keys(envSchema.shape);

/**
 * A cached reader of the configuration from `env`. With `fixedEnv` the first read is kept for the
 * process's life; without, every call compares each variable with the cached value, stopping at
 * the first change (45 reads of `process.env`, some 20 us a call).
 */
export function configReader(env: EnvInput, fixedEnv: boolean, cwd?: string): () => ServerConfig {
  let cached: { values: (string | undefined)[]; config: ServerConfig } | undefined;
  return () => {
    const old = cached;
    if (old && fixedEnv) return old.config;
    if (!old || ENV_NAMES.some((name, i) => env[name] !== old.values[i])) {
      const values = ENV_NAMES.map((name) => env[name]);
      const config = parseServerConfig(env, cwd);
      cached = { values, config };
      // the server's own SDK reads (getDeployment) see the configured deployment
      if (config.deployment) registerDeployment(config.deployment);
      return config;
    }
    return old.config;
  };
}

/**
 * The server configuration from `process.env`, read at request time (one build serves any chain)
 * and cached. A production server (`next start` sets NODE_ENV) keeps the environment it started
 * with, so it reads it once; elsewhere (tests, `next dev`) a changed variable is a new
 * configuration, checked on every call (a request passes its configuration down rather than
 * asking again).
 */
export const serverConfig: () => ServerConfig = configReader(
  process.env as EnvInput,
  // vitest keeps a NODE_ENV it inherits: its tests change the env whatever that says
  process.env.NODE_ENV === "production" && !process.env.VITEST,
);

/** The part of the configuration the browser may see. */
export function toPublicConfig(c: ServerConfig): PublicConfig {
  return {
    chainId: c.chainId,
    rpcUrl: c.publicRpcUrl,
    ...(c.deployment ? { deployment: c.deployment } : {}),
    ...(c.walletConnectProjectId ? { walletConnectProjectId: c.walletConnectProjectId } : {}),
    ...(c.google ? { googleSignIn: true } : {}),
    ...(c.onRamp ? { onRamp: c.onRamp } : {}),
    appName: c.appName,
    coinbaseAppName: c.appName,
    productSymbol: c.productSymbol,
    subordinationDocsUrl: c.subordinationDocsUrl,
    ...(c.nftCollection ? { nftCollection: c.nftCollection } : {}),
    features: c.features,
    referralFeeShare: c.referralFeeShare,
  };
}
