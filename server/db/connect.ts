import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// bigint (count, sum) arrives as text from pg; our counts fit in a JS number
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** PostgreSQL through a pool. JIT is off: it made facet queries several times slower. */
export function connectPostgres(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // an idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout
  pool.on('error', (error) => console.error('haat: idle database connection lost:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** An in-process PGlite reached through its node-postgres adapter, so both engines share one driver path. */
export function connectPglite(pglite: PGlite): DatabaseHandle {
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl);
  const dir = join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  return connectPglite(pglite);
}
