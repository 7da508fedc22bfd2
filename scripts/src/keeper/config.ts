import { referralSharePpm } from "@lending/sdk";
import { isHex, type Hex } from "viem";
import { z } from "zod";
import { devAccount } from "../lib/dev-accounts";
import { parsePriceSourceSpec, type PriceSourceSpec } from "./price-source-spec";

export const LOCAL_CHAIN_ID = 31337;

/**
 * The local keeper: anvil account 7 (a well-known, funded anvil key: local chain only). Its own
 * account, so its transactions never race the deployer's nonces (ops commands, the dev panel).
 * The deploy script grants it KEEPER_ROLE on chain 31337.
 */
export const localKeeperAccount = devAccount(7);

const privateKey = z
  .string()
  .refine((v) => isHex(v) && v.length === 66, "must be a 0x-prefixed 32-byte hex private key");

export const KeeperEnvSchema = z
  .object({
    RPC_URL: z.url().default("http://127.0.0.1:8545"),
    CHAIN_ID: z.coerce.number().int().positive().default(LOCAL_CHAIN_ID),
    KEEPER_PRIVATE_KEY: privateKey.optional(),
    /** Time between two passes (and the first backoff step). */
    KEEPER_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
    /** Cap of the exponential backoff while the RPC is down (the issue: at most 30 s). */
    KEEPER_MAX_BACKOFF_MS: z.coerce.number().int().min(50).max(30_000).default(30_000),
    /** Blocks per eth_getLogs call when scanning events. */
    KEEPER_LOG_BLOCK_RANGE: z.coerce.number().int().min(1).max(100_000).default(2000),
    /** The referrer's share of the protocol fee of its referred lenders' interest (0 to 1). */
    REFERRAL_FEE_SHARE: z.coerce
      .number({ error: "must be a number from 0 to 1" })
      .min(0, "must be a number from 0 to 1")
      .max(1, "must be a number from 0 to 1")
      .default(0.1),
    /**
     * Where the keeper reads the KSU price it publishes (KsuLocking.setKsuPrice):
     * `uniswap-v2:<pair>` (a TWAP of a KSU/USDC pair), `feed:<aggregator>` (a Chainlink-style
     * KSU/USD feed) or `none` (the keeper does not publish). Unset on the local chain: the
     * deployment record's KSU/USDC pair.
     */
    KSU_PRICE_SOURCE: z
      .string()
      .transform((value, ctx): PriceSourceSpec => {
        const parsed = parsePriceSourceSpec(value);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    /** Publish when the on-chain price is this old (seconds); default a quarter of maxPriceAge. */
    KSU_PRICE_REFRESH_S: z.coerce.number().int().min(60).max(31_536_000).optional(),
    /** Publish when the source moved by more than this fraction of the on-chain price. */
    KSU_PRICE_MAX_MOVE: z.coerce
      .number({ error: "must be a number from 0.001 to 1" })
      .min(0.001, "must be a number from 0.001 to 1")
      .max(1, "must be a number from 0.001 to 1")
      .default(0.02),
    /** The TWAP window of a `uniswap-v2:` source (seconds). */
    KSU_TWAP_WINDOW_S: z.coerce.number().int().min(60).max(604_800).default(1800),
    /** A `feed:` answer older than this (seconds) is refused. */
    KSU_FEED_MAX_AGE_S: z.coerce.number().int().min(60).max(604_800).default(86_400),
    /** At most this many re-rate transactions per pool clearing and pass. */
    KEEPER_RERATE_MAX: z.coerce.number().int().min(0).max(10_000).default(100),
    /**
     * The identity provider the web server uses (issue 24: a referral reward is paid only while
     * the referrer and the referred lender are verified): `local` reads the web server's
     * kyc_records; `compilot` asks Compilot (COMPILOT_API_URL, COMPILOT_API_KEY).
     */
    KYC_PROVIDER: z.enum(["local", "compilot"]).default("local"),
    COMPILOT_API_URL: z.url().optional(),
    COMPILOT_API_KEY: z.string().min(1).optional(),
    /** Referred lenders whose holdings one payout pass reads (3 eth_calls each). */
    KEEPER_REFERRAL_READS_PER_PASS: z.coerce.number().int().min(1).max(100_000).default(200),
  })
  .refine((env) => env.CHAIN_ID === LOCAL_CHAIN_ID || env.KEEPER_PRIVATE_KEY, {
    path: ["KEEPER_PRIVATE_KEY"],
    message: `is required when CHAIN_ID is not ${LOCAL_CHAIN_ID}`,
  })
  .refine((env) => env.CHAIN_ID === LOCAL_CHAIN_ID || env.KSU_PRICE_SOURCE, {
    path: ["KSU_PRICE_SOURCE"],
    message: `is required when CHAIN_ID is not ${LOCAL_CHAIN_ID} (uniswap-v2:<pair>, feed:<address> or none)`,
  })
  .refine(
    (env) => env.KYC_PROVIDER !== "compilot" || (env.COMPILOT_API_URL && env.COMPILOT_API_KEY),
    {
      path: ["COMPILOT_API_URL"],
      message: "and COMPILOT_API_KEY are required by KYC_PROVIDER=compilot",
    },
  );

export type KeeperConfig = {
  rpcUrl: string;
  chainId: number;
  privateKey: Hex;
  pollIntervalMs: number;
  maxBackoffMs: number;
  logBlockRange: number;
  /** REFERRAL_FEE_SHARE in parts per million */
  referralSharePpm: bigint;
  /** KSU_PRICE_SOURCE; undefined: the deployment record's pair (local chain) */
  priceSource?: PriceSourceSpec;
  /** KSU_PRICE_REFRESH_S; undefined: a quarter of the locking contract's maxPriceAge */
  priceRefreshSeconds?: number;
  /** KSU_PRICE_MAX_MOVE in parts per million */
  priceMaxMovePpm: bigint;
  twapWindowSeconds: number;
  feedMaxAgeSeconds: number;
  /** KEEPER_RERATE_MAX */
  rerateMax: number;
  /** KYC_PROVIDER (and Compilot's API): who says a referrer and a referred lender are verified */
  kyc: { provider: "local" } | { provider: "compilot"; apiUrl: string; apiKey: string };
  /** KEEPER_REFERRAL_READS_PER_PASS */
  referralReadsPerPass: number;
};

export class KeeperConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeeperConfigError";
  }
}

/** Validates the keeper's environment (empty variables count as unset). */
export function parseKeeperConfig(env: NodeJS.ProcessEnv): KeeperConfig {
  const parsed = KeeperEnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new KeeperConfigError(`Invalid keeper configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    rpcUrl: e.RPC_URL,
    chainId: e.CHAIN_ID,
    privateKey: (e.KEEPER_PRIVATE_KEY ?? localKeeperAccount.privateKey) as Hex,
    pollIntervalMs: e.KEEPER_POLL_INTERVAL_MS,
    maxBackoffMs: e.KEEPER_MAX_BACKOFF_MS,
    logBlockRange: e.KEEPER_LOG_BLOCK_RANGE,
    referralSharePpm: referralSharePpm(e.REFERRAL_FEE_SHARE),
    priceSource: e.KSU_PRICE_SOURCE,
    priceRefreshSeconds: e.KSU_PRICE_REFRESH_S,
    priceMaxMovePpm: BigInt(Math.round(e.KSU_PRICE_MAX_MOVE * 1_000_000)),
    twapWindowSeconds: e.KSU_TWAP_WINDOW_S,
    feedMaxAgeSeconds: e.KSU_FEED_MAX_AGE_S,
    rerateMax: e.KEEPER_RERATE_MAX,
    kyc:
      e.KYC_PROVIDER === "compilot"
        ? { provider: "compilot", apiUrl: e.COMPILOT_API_URL!, apiKey: e.COMPILOT_API_KEY! }
        : { provider: "local" },
    referralReadsPerPass: e.KEEPER_REFERRAL_READS_PER_PASS,
  };
}
