import { z } from "zod";
import { SUPPORTED_CHAIN_IDS, type SupportedChainId } from "@/config/schema";

/** A 20-byte hex address, lowercased. */
export const addressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
  .transform((v) => v.toLowerCase() as `0x${string}`);

/** A hex signature: 65 bytes for an EOA, longer for smart accounts (ERC-1271 / ERC-6492). */
export const signatureSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]+$/, "must be a 0x-prefixed hex string")
  .refine((v) => v.length >= 132 && v.length <= 8_194, "must be a signature")
  .transform((v) => v.toLowerCase() as `0x${string}`);

/** Milliseconds since 1970 (a number, or a string of digits from a query). */
export const timestampMsSchema = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,16}$/, "must be a timestamp in milliseconds")
    .transform(Number),
]);

/** A chain id the app serves (from a query string or JSON). */
export const chainIdSchema = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,10}$/, "must be a chain id")
      .transform(Number),
  ])
  .refine((n) => (SUPPORTED_CHAIN_IDS as readonly number[]).includes(n), {
    message: `must be one of ${SUPPORTED_CHAIN_IDS.join(", ")}`,
  })
  .transform((n) => n as SupportedChainId);

/** A USDC amount as a decimal string with at most 6 decimals, above zero. */
export const usdcAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,6})?$/, "must be a decimal USDC amount with at most 6 decimals")
  .refine((v) => Number(v) > 0, "must be above zero");

/** An id of a pool, tranche or borrower: short text without spaces. */
export const idSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .min(1)
      .max(80)
      .regex(/^[\w.:-]+$/, "must be an id (letters, digits, _.:-)"),
  );

/** An on-chain id (pool, tranche, fixed-term config): a non-negative integer, as decimal text. */
export const uintIdSchema = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,30}$/, "must be a non-negative integer"),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  ])
  .transform((v) => BigInt(v).toString());

/** An email address, trimmed and lowercased (sign-in codes). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("must be an email address").max(200));
