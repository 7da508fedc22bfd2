import { z } from "zod";

/** Chain ids the app knows: Base, Base Sepolia and the local anvil chain. */
export const SUPPORTED_CHAIN_IDS = [8453, 84532, 31337] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];

export const DEFAULT_SUBORDINATION_DOCS_URL = "/docs#subordination-of-loans";

/** RATE_LIMIT_POSTS_PER_MINUTE's default: 30 state-changing requests a minute per IP and address. */
export const DEFAULT_POSTS_PER_MINUTE = 30;
/** RATE_LIMIT_READS_PER_MINUTE's default: 120 GETs of /api a minute per IP. */
export const DEFAULT_READS_PER_MINUTE = 120;
/** NO_DEPOSIT_TTL_MS's default: "no deposit yet" is believed for 30 s. */
export const DEFAULT_NO_DEPOSIT_TTL_MS = 30_000;

/** Features FEATURE_UNRELEASED may name: their entries open the unreleased feature modal. */
export const FEATURE_NAMES = [
  "lock",
  "unlock",
  "referral",
  "rewards",
  "fixApy",
  "withdrawAtExpiry",
  "loanContracts",
  "historicalRepayments",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Empty strings count as unset, so `FOO=` in a .env file behaves like no FOO. */
const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().optional(),
);

const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v), "must be an http(s) URL");

const linkUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s]*$/.test(v), {
    message: "must be an http(s) URL or a path starting with /",
  });

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A per-minute budget (RATE_LIMIT_*_PER_MINUTE): a whole number from 1 to 100,000, or `fallback`. */
function perMinuteBudget(fallback: number) {
  const message = "must be a whole number from 1 to 100000";
  return z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(1, message)
      .max(100_000, message)
      .default(fallback),
  );
}

/** Every environment variable the web app reads, with its default. */
export const envSchema = z.object({
  CHAIN_ID: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine((n) => (SUPPORTED_CHAIN_IDS as readonly number[]).includes(n), {
        message: `must be one of ${SUPPORTED_CHAIN_IDS.join(", ")}`,
      })
      .default(31337),
  ),
  RPC_URL: z.preprocess(emptyToUndefined, httpUrl.default("http://127.0.0.1:8545")),
  PUBLIC_RPC_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  /**
   * The deployment record the deploy wrote for CHAIN_ID (its JSON file): the contract addresses
   * are read at start, so one build serves any deployment. Unset: the record the SDK was built
   * with (packages/sdk/src/deployments).
   */
  DEPLOYMENT_FILE: optionalText,
  /** The indexer's HTTP API (packages/indexer); default http://127.0.0.1:42069 on 31337 only. */
  INDEXER_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  WALLETCONNECT_PROJECT_ID: optionalText,
  /**
   * Other origins the browser may connect to (fetch, WebSocket), comma separated, e.g.
   * `https://rpc.example.org,wss://ws.example.org`: the Content Security Policy's connect-src
   * lists only the site, the public RPC, the known chains' and wallets' origins and these.
   */
  CONNECT_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().refine((v) => {
            if (!/^(https?|wss?):\/\/[^\s/;,']+\/?$/.test(v)) return false;
            try {
              return new URL(v).pathname === "/";
            } catch {
              return false;
            }
          }, "must be http(s) or ws(s) origins without a path, separated by commas, e.g. https://rpc.example.org"),
        ),
      )
      .default([]),
  ),
  /**
   * Google sign-in (OpenID Connect, authorization code + PKCE): both or neither. Without them the
   * Google button is not shown.
   */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** The OpenID issuer (its discovery document is read at sign-in); a local mock in tests. */
  GOOGLE_ISSUER: z.preprocess(emptyToUndefined, httpUrl.default("https://accounts.google.com")),
  /**
   * An on-ramp provider's page for the Add Funds view of an embedded wallet, with `{address}` and
   * optionally `{chainId}` placeholders (https only). Unset hides the on-ramp button.
   */
  ONRAMP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => /^https:\/\/[^\s]+$/.test(v) && v.includes("{address}"),
        "must be an https URL containing {address}",
      )
      .optional(),
  ),
  /** The on-ramp provider's name on its button (ONRAMP_URL). */
  ONRAMP_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(40).default("On-ramp")),
  PRODUCT_SYMBOL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^[A-Za-z][A-Za-z0-9]{0,10}$/,
        "must be 1-11 letters or digits, starting with a letter",
      )
      .default("KSU"),
  ),
  APP_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(40).default("Tranche")),
  SUBORDINATION_DOCS_URL: z.preprocess(
    emptyToUndefined,
    linkUrl.default(DEFAULT_SUBORDINATION_DOCS_URL),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// URL")
      .optional(),
  ),
  PGLITE_DIR: optionalText,
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(200).default(10),
  ),
  /** A database that does not accept a connection within this is unavailable (503). */
  DATABASE_CONNECT_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(120_000).default(5_000),
  ),
  /** A query that gets no answer within this fails (503): a stalled database never hangs a request. */
  DATABASE_QUERY_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(600_000).default(10_000),
  ),
  /** Identity provider: the built-in local one, or Compilot (needs COMPILOT_API_URL/KEY). */
  KYC_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["local", "compilot"]).default("local")),
  /** Local provider: submitted identities become Active at once (default true on 31337). */
  LOCAL_KYC_AUTO_APPROVE: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  COMPILOT_API_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  COMPILOT_API_KEY: optionalText,
  /** Signs the EIP-712 deposit authorisations; default anvil account 9 on 31337 only. */
  KYC_SIGNER_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
      .optional(),
  ),
  /** Blocks a KYC deposit authorisation stays valid. */
  KYC_SIGNATURE_BLOCKS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(300),
  ),
  /** smtp(s)://user:pass@host:port; unset means mail goes to the outbox table only. */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  /** Swap quotes: the local Uniswap V2 (LOCAL_AMM_ROUTER) or an aggregator (SWAP_API_URL). */
  SWAP_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["local", "aggregator"]).default("local")),
  LOCAL_AMM_ROUTER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
      .optional(),
  ),
  SWAP_API_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  SWAP_API_KEY: optionalText,
  /** The aggregator's router that ERC-20 swap sources (WETH) are approved to; none: ETH only. */
  SWAP_SPENDER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
      .optional(),
  ),
  /**
   * USD price feeds (Chainlink-style aggregators: latestRoundData + decimals) by token symbol,
   * `ETH:0xabc...,AERO:0xdef...`; ETH's also prices WETH. A reading older than 5 minutes is
   * unavailable. Unset: ETH and WETH come from the local AMM where there is one.
   */
  PRICE_FEEDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) =>
          v
            .split(",")
            .map((s) => s.trim())
            .every((s) => /^[A-Za-z][A-Za-z0-9]{0,10}:0x[0-9a-fA-F]{40}$/.test(s)),
        "must be SYMBOL:0xaddress pairs separated by commas, e.g. ETH:0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70",
      )
      .transform((v) => {
        const feeds: Record<string, `0x${string}`> = {};
        for (const pair of v.split(",")) {
          const [symbol, address] = pair.trim().split(":") as [string, `0x${string}`];
          feeds[symbol.toUpperCase()] = address;
        }
        return feeds;
      })
      .optional(),
  ),
  /** A partner NFT collection (ERC-721): holders see the NFT detected modal once. */
  NFT_COLLECTION_ADDRESS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
      .optional(),
  ),
  /** The token launch (/locking); default on for 31337, off for 84532 and 8453. */
  FEATURE_TOKEN_LAUNCH: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  /** Features whose entries open the unreleased feature modal instead, comma separated. */
  FEATURE_UNRELEASED: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.enum(FEATURE_NAMES, {
            error: `must be feature names separated by commas, from: ${FEATURE_NAMES.join(", ")}`,
          }),
        ),
      )
      .default([]),
  ),
  /** The referrer's share of the protocol fee its referred users' interest generates (0 to 1). */
  REFERRAL_FEE_SHARE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number from 0 to 1" })
      .min(0, "must be a number from 0 to 1")
      .max(1, "must be a number from 0 to 1")
      .default(0.1),
  ),
  /**
   * The per-minute budgets of one client address (and, for state-changing requests, of one
   * wallet address): state-changing requests (default 30) and reads of /api (default 120), 1 to
   * 100,000. Raise them where many lenders share one address (an office's NAT, the e2e suite,
   * whose every browser is 127.0.0.1); the per-flow limits (sign-in codes, code guesses, mails)
   * stay as they are.
   */
  RATE_LIMIT_POSTS_PER_MINUTE: perMinuteBudget(DEFAULT_POSTS_PER_MINUTE),
  RATE_LIMIT_READS_PER_MINUTE: perMinuteBudget(DEFAULT_READS_PER_MINUTE),
  /**
   * How long (ms, 1 s to 1 day) the first-deposit cache believes a user has no deposit yet before
   * the chain is asked again (referral eligibility, a referrer's referred users). Default 30 s;
   * shorter costs more chain log queries, longer shows a first deposit later.
   */
  NO_DEPOSIT_TTL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number of milliseconds from 1000 to 86400000" })
      .int("must be a whole number of milliseconds from 1000 to 86400000")
      .min(1_000, "must be a whole number of milliseconds from 1000 to 86400000")
      .max(86_400_000, "must be a whole number of milliseconds from 1000 to 86400000")
      .default(DEFAULT_NO_DEPOSIT_TTL_MS),
  ),
  /**
   * Signs the unsubscribe links of epoch mails (HMAC-SHA256; at least 32 characters). Default on
   * 31337 only (a public value); unset elsewhere: no epoch mails are sent.
   */
  MAIL_LINK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(32, "must be at least 32 characters").optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().trim().email().default("no-reply@localhost"),
  ),
  /** Where borrowers write to (the /borrow call to action); unset hides the mail link. */
  CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.string().trim().email().optional()),
  /**
   * The site's public origin (https://app.example.org): the only domain and URI a Sign-In with
   * Ethereum message may name, and https here makes the session cookie Secure. Required off the
   * local chain; on 31337 the request's own origin is used when unset.
   */
  APP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => {
        if (!/^https?:\/\/[^\s/]+\/?$/.test(v)) return false;
        try {
          return new URL(v).pathname === "/";
        } catch {
          return false;
        }
      }, "must be an http(s) origin without a path, e.g. https://app.example.org")
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  /**
   * Proxies in front of the web server that append to X-Forwarded-For (and set
   * X-Forwarded-Proto): "false" or 0 (default: none, use the socket address), "true" (one),
   * or their number (1-10). Forwarded headers are ignored unless a proxy is trusted.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^(true|false|\d{1,2})$/i, 'must be "true", "false" or a number of proxies (0-10)')
      .transform((v) => (/^true$/i.test(v) ? 1 : /^false$/i.test(v) ? 0 : Number(v)))
      .refine((n) => n <= 10, 'must be "true", "false" or a number of proxies (0-10)')
      .default(0),
  ),
});

export type EnvInput = Record<string, string | undefined>;
