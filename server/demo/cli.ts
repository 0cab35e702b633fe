import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { drawDemoPhotos } from './photos.ts';
import { seedIfEmpty } from './seed.ts';

/**
 * `npm run seed`: migrates the configured database, fills it with the demo shop if it is empty, and draws
 * the catalogue's demo photos into DATA_DIR unless they were drawn there before.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const started = performance.now();
    await seedIfEmpty(database.db);
    const { n } = await database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const drawn = await drawDemoPhotos(database.db, config.dataDir);
    console.log(
      `haat: ${n} products in the catalogue, ${drawn} demo photos drawn (${Math.round(performance.now() - started)} ms)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `haat: configuration error: ${error.message}` : error);
  process.exit(1);
});
