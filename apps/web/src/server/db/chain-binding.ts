/**
 * A chain and the databases that describe it live and die together (issue 25): the web database
 * records the chain it belongs to (chain id and genesis block hash) the first time it is used with
 * one, and refuses any other chain with a message that names the fix. Without it a restarted
 * local anvil (a new chain with the same id 31337) met the old chain's referral payout marks,
 * referrals, loan tickets and rewards. No "@/" imports: `npm start` and the keeper import it.
 */
import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { chainBinding } from "./schema";

export type ChainIdentity = { chainId: number; genesisHash: string };

export class ChainMismatchError extends Error {
  constructor(
    readonly bound: ChainIdentity,
    readonly actual: ChainIdentity,
  ) {
    super(
      `This database belongs to another chain: chain ${bound.chainId} with genesis block ${bound.genesisHash}, ` +
        `not chain ${actual.chainId} with genesis block ${actual.genesisHash} (the RPC it is used with). ` +
        `Locally, run \`npm start -- --fresh\` to start a new chain with empty databases; ` +
        `otherwise point DATABASE_URL at this chain's database (or an empty one).`,
    );
    this.name = "ChainMismatchError";
  }
}

/**
 * Binds the database to `chain` when it is bound to none; passes when it is bound to the same
 * chain; throws {@link ChainMismatchError} otherwise (nothing is written then).
 */
export async function bindDatabaseToChain(db: Database, chain: ChainIdentity): Promise<void> {
  const genesisHash = chain.genesisHash.toLowerCase();
  await db
    .insert(chainBinding)
    .values({ id: 1, chainId: chain.chainId, genesisHash })
    .onConflictDoNothing();
  const [bound] = await db.select().from(chainBinding).where(eq(chainBinding.id, 1));
  if (!bound || bound.chainId !== chain.chainId || bound.genesisHash !== genesisHash) {
    throw new ChainMismatchError(
      bound ? { chainId: bound.chainId, genesisHash: bound.genesisHash } : chain,
      { chainId: chain.chainId, genesisHash },
    );
  }
}
