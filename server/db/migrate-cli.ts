import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from './connect.ts';
import { migrate, pendingMigrations } from './migrate.ts';

/**
 * `npm run migrate`: applies the migrations and exits, for deployments that migrate before starting
 * instances. Safe beside running instances on PostgreSQL; on PGlite stop the shop first (one process
 * owns its folder), or let the server migrate at start as it always does.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const pending = await pendingMigrations(database.db);
    await migrate(database.db);
    console.log(pending.length ? `haat: applied ${pending.join(', ')}` : 'haat: migrations already applied');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    `haat: ${error instanceof ConfigError ? 'configuration error: ' : ''}${(error as Error).message}`,
  );
  process.exit(1);
});
