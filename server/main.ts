import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { stopGracefully } from './platform/shutdown.ts';
import { prepareDatabase } from './prepare.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await prepareDatabase(database.db, config);
  const app = await buildApp({ config, db: database.db, pool: database.pool, logger: { level: 'info' } });

  // a graceful stop (platform/shutdown.ts): answers in flight go out, jobs stop, the pool closes, exit 0
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    try {
      await stopGracefully(app);
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`haat: configuration error: ${problem}`);
  } else {
    console.error('haat: failed to start', error);
  }
  process.exit(1);
});
