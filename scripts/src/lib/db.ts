import { openDatabase, redactDatabaseUrl } from "../../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../../apps/web/src/server/db/migrate";

/** Applies the web app's migrations to the PGlite folder (creating it when new). */
export async function migratePglite(pgliteDir: string): Promise<void> {
  const handle = await openDatabase({ pgliteDir });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}

/** Applies the web app's migrations to a Postgres server (DATABASE_URL). */
export async function migratePostgres(databaseUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}

export { redactDatabaseUrl };
