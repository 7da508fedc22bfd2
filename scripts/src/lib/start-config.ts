import { z } from "zod";
import { DbPortSchema } from "./db";
import { deployerAccount } from "./dev-accounts";
import { ListenHostSchema, LOOPBACK } from "./net";
import { paths } from "./paths";

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

/** `npm start`'s variables (a root .env fills what the shell did not set). */
export const StartConfigSchema = z.object({
  ANVIL_PORT: port(8545),
  WEB_PORT: port(3000),
  /**
   * Where the web server listens: the loopback by default, so neighbours on a shared network
   * reach neither the app nor its local-only pages (the outbox, the demo controls); WEB_HOST=0.0.0.0
   * opens it to the network on purpose.
   */
  WEB_HOST: ListenHostSchema.default(LOOPBACK),
  DB_PORT: DbPortSchema,
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  PGLITE_DIR: z.string().min(1).default(paths.defaultPgliteDir),
  DEPLOYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
    .default(deployerAccount.privateKey),
  PRODUCT_SYMBOL: z.string().min(1).default("KSU"),
  PUBLIC_RPC_URL: z.string().url().optional(),
});
