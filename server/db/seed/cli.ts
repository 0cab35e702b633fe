import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { seedIfEmpty } from './seed.ts';

/** `npm run seed`: migrates the configured database and fills it with the demo shop if it is empty. */
async function main(): Promise<void> {
  const database = await openDatabase(loadConfig());
  try {
    await migrate(database.db);
    const started = performance.now();
    await seedIfEmpty(database.db);
    const { n } = await database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`haat: ${n} products in the catalogue (${Math.round(performance.now() - started)} ms)`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `haat: configuration error: ${error.message}` : error);
  process.exit(1);
});
