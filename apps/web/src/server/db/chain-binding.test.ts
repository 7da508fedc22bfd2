// @vitest-environment node
// api-passes: skip (an in-memory PGlite of its own, whatever the pass)
import { describe, expect, it } from "vitest";
import { bindDatabaseToChain, ChainMismatchError } from "./chain-binding";
import { openMigratedTestDatabase } from "../test/pglite-template";
import { chainBinding } from "./schema";

const A = { chainId: 31337, genesisHash: `0x${"a".repeat(64)}` };
const B = { chainId: 31337, genesisHash: `0x${"b".repeat(64)}` };

describe("a database belongs to one chain", () => {
  it("binds on first use, accepts the same chain again, and refuses a new anvil with the same chain id, naming the fix", async () => {
    const handle = await openMigratedTestDatabase();
    try {
      await bindDatabaseToChain(handle.db, A);
      await bindDatabaseToChain(handle.db, { ...A, genesisHash: A.genesisHash.toUpperCase() });
      const refused = bindDatabaseToChain(handle.db, B);
      await expect(refused).rejects.toBeInstanceOf(ChainMismatchError);
      await expect(refused).rejects.toThrow(/npm start -- --fresh/);
      await expect(bindDatabaseToChain(handle.db, { ...A, chainId: 84532 })).rejects.toThrow(
        /chain 31337 .* not chain 84532/,
      );
      // the refusal changed nothing: still bound to A
      expect(await handle.db.select().from(chainBinding)).toMatchObject([
        { id: 1, chainId: A.chainId, genesisHash: A.genesisHash },
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
