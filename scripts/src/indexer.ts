/**
 * `npm run indexer`: the indexer alone, against a chain that is already running (the deployment
 * file of CHAIN_ID must exist: `npm start` or the deploy script writes it). Reads CHAIN_ID,
 * RPC_URL, DATABASE_URL, INDEXER_PORT, INDEXER_HOST, INDEXER_PGLITE_DIR, INDEXER_SCHEMA (see .env.example).
 * `--fresh` wipes what an earlier run indexed first; without it an index of another chain (a new
 * anvil) is refused with a message.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { chainIdentity } from "./lib/anvil";
import { IndexerEnvSchema, startIndexer, waitForIndexerReady } from "./lib/indexer";
import { paths } from "./lib/paths";

const dotenv = path.join(paths.root, ".env");
if (existsSync(dotenv)) process.loadEnvFile(dotenv);

const Schema = IndexerEnvSchema.extend({
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  DATABASE_URL: z.string().trim().optional(),
});
const parsed = Schema.safeParse(process.env);
if (!parsed.success) {
  const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  console.error(`Invalid configuration:\n${lines.join("\n")}`);
  process.exit(1);
}
const config = parsed.data;

const indexer = await startIndexer({
  port: config.INDEXER_PORT,
  host: config.INDEXER_HOST,
  chainId: config.CHAIN_ID,
  rpcUrl: config.RPC_URL,
  databaseUrl: config.DATABASE_URL || undefined,
  pgliteDir: config.INDEXER_PGLITE_DIR,
  schema: config.INDEXER_SCHEMA,
  fresh: process.argv.includes("--fresh"),
  // the index is bound to this chain; another chain's index is refused (--fresh resets it)
  chain: await chainIdentity(config.RPC_URL),
  log: (chunk) => process.stdout.write(chunk),
});
const stop = () => void indexer.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
indexer.onExit((code) => process.exit(code ?? 1));
await waitForIndexerReady(indexer, 10 * 60_000);
console.log(`\nIndexer ready: ${indexer.url} (GET /transactions?user=0x..., /status)`);
