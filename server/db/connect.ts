import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared.ts';
import type { Database, Db } from './schema.ts';

// the stores have long taken the handle's type from here, beside the code that opens it
export type { Db };

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the pool under `db`, read by the metrics (its sizes) */
  pool: pg.Pool;
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, kind: 'postgres', pool, close: () => db.destroy() };
}

/** An in-process PGlite reached through its node-postgres adapter, so both engines share one driver path. */
export function connectPglite(pglite: PGlite): DatabaseHandle {
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    db,
    kind: 'pglite',
    pool,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** A PGlite with the extensions the migrations create (pg_trgm, for search): every instance is made here. */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: { ...options.extensions, pg_trgm } });
}

export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl);
  const dir = join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return connectPglite(await createPglite(dir));
}
