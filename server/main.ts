import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { drawDemoPhotos } from './db/seed/photos.ts';
import { seedIfEmpty } from './db/seed/seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrate(database.db);
  await seedIfEmpty(database.db);
  await drawDemoPhotos(database.db, config.dataDir);
  const app = await buildApp({ config, db: database.db, logger: { level: 'info' } });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`haat: configuration error: ${error.message}`);
  } else {
    console.error('haat: failed to start', error);
  }
  process.exit(1);
});
