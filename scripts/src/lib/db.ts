import { openDatabase } from "../../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../../apps/web/src/server/db/migrate";

/** Applies the web app's migrations to the PGlite folder (creating it when new). */
export async function migratePglite(pgliteDir: string): Promise<void> {
  const handle = await openDatabase({ pgliteDir });
  try {
    await migrateDatabase(handle.db);
  } finally {
    await handle.close();
  }
}
