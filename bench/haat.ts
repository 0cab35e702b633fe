import { openSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, stopProcess, untilAnswers } from '../deploy/processes.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Db, openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** PGlite data of the benchmark's demo shop, apart from the `npm start` shop in ./data */
export const DEFAULT_BENCH_DATA_DIR = resolve(ROOT, 'data/bench');

export interface DatabaseChoice {
  /** PostgreSQL; unset = PGlite in dataDir (the demo catalogue, seeded on first use) */
  databaseUrl: string | undefined;
  dataDir: string;
}

export interface RunningHaat {
  url: string;
  engine: 'pglite' | 'postgres';
  products: number;
  db: Db;
  close(): Promise<void>;
}

function benchEnv(choice: DatabaseChoice): Record<string, string> {
  const env: Record<string, string> = { NODE_ENV: 'development', DATA_DIR: choice.dataDir };
  if (choice.databaseUrl) env.DATABASE_URL = choice.databaseUrl;
  return env;
}

/** The real app in this process, on an ephemeral loopback port, started the way server/main.ts does. */
export async function startHaatInProcess(choice: DatabaseChoice): Promise<RunningHaat> {
  const config = loadConfig(benchEnv(choice));
  const database = await openDatabase(config);
  await prepareDatabase(database.db, config);
  // errors only: a failing request during the benchmark should say why
  const app = await buildApp({ config, db: database.db, logger: { level: 'error' } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const { count } = await database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    url,
    engine: database.kind,
    products: Number(count),
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** `server/main.ts` in a child process, so measuring tools in this process do not steal its event loop. */
export async function startHaatProcess(choice: DatabaseChoice, port: number, logFile: string) {
  const log = openSync(logFile, 'a');
  const child = spawnServer({ ...process.env, ...benchEnv(choice) }, port, ['ignore', log, log]);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child);
  try {
    // the first start of an empty database seeds the demo shop, photos included
    await untilAnswers(`${url}/readyz`, child, 10 * 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, close: stop };
}
