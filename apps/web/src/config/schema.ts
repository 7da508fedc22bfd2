import { z } from "zod";

/** Chain ids the app knows: Base, Base Sepolia and the local anvil chain. */
export const SUPPORTED_CHAIN_IDS = [8453, 84532, 31337] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];

export const DEFAULT_SUBORDINATION_DOCS_URL = "/docs#subordination-of-loans";

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
  WALLETCONNECT_PROJECT_ID: optionalText,
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
});

export type EnvInput = Record<string, string | undefined>;
