import { type Config, loadConfig, readEnvironment } from '../config.ts';
import { type Db, openDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { type ControlAddress, readControl } from './control.ts';

/**
 * What the shop's commands (`npm run staff`, `npm run doctor`) share: they work on PostgreSQL and on
 * PGlite, whether or not the shop is running. PGlite admits one process to its folder, so beside a shop
 * running on DATA_DIR a command asks that shop through its control file (platform/control.ts); otherwise
 * it opens the database itself (decision 012).
 */

/**
 * The configuration as the server reads it (its `.env` under the environment), having printed first which
 * database the command works on, so that an owner sees it is the shop's: never the password.
 */
export function loadCommandConfig(): Config {
  const env = readEnvironment();
  const config = loadConfig(env);
  console.log(`Database: ${databaseName(config, env.DATA_DIR ?? './data')}`);
  return config;
}

/** `PostgreSQL host:port/name`, or `embedded PGlite in <folder>` with the folder as it was given. */
export function databaseName({ databaseUrl }: Config, dataDirGiven: string): string {
  if (!databaseUrl) return `embedded PGlite in ${dataDirGiven}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL ${url.hostname}:${url.port || '5432'}/${decodeURIComponent(url.pathname.slice(1))}`;
}

/** Raised when the control file's shop is not listening: it ended without removing the file. */
class ShopGone extends Error {}

/** A call of the running shop's back-office API with its control token; a refusal throws its sentence. */
export async function askShop<T>(
  { url, token }: ControlAddress,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) }).catch(
    (error: { cause?: { code?: string } }) => {
      if (error.cause?.code === 'ECONNREFUSED') throw new ShopGone();
      throw error;
    },
  );
  const text = await res.text();
  const answer = (text ? JSON.parse(text) : undefined) as (T & { error?: string }) | undefined;
  if (!res.ok) throw new Error(answer?.error ?? `the shop at ${url} answered ${res.status}`);
  return answer as T;
}

/**
 * The command's work, through the shop running on the PGlite folder when there is one (`viaShop`), else
 * on the database itself, migrated first (the first owner may come before the shop's first start).
 */
export async function onShopOrDatabase<T>(
  config: Config,
  viaShop: (shop: ControlAddress) => Promise<T>,
  direct: (db: Db) => Promise<T>,
): Promise<T> {
  const onDatabase = async () => {
    const database = await openDatabase(config);
    try {
      await migrate(database.db);
      return await direct(database.db);
    } finally {
      await database.close();
    }
  };
  const control = config.databaseUrl ? undefined : readControl(config.dataDir);
  if (!control) return onDatabase();
  return viaShop(control).catch((error: unknown) => {
    if (error instanceof ShopGone) return onDatabase();
    throw error;
  });
}

/** Runs a command; a failure (bad options, configuration, a refusal) is one line on stderr, no stack, exit 1. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`haat: ${message.split('\n')[0]}`);
    process.exit(1);
  });
}
