import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { connectPglite, connectPostgres, createPglite, type DatabaseHandle } from '../db/connect.ts';
import { DEMO_PHOTOS } from '../platform/images/service.ts';
import { adminUrl } from './postgres.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Which template a test database copies: by default the demo shop (migrated and seeded, its photos
 * drawn); `empty: true`, migrated and never seeded, as a shop started with HAAT_DEMO=off is.
 */
export interface TemplateChoice {
  empty?: boolean;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

let copies = 0;

/**
 * A new data directory; for the demo's template, with its photos (drawn once for the whole run) linked
 * in.
 */
export function testDataDir(prefix: string, { empty = false }: TemplateChoice = {}): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  if (!empty) symlinkSync(join(inject('demoPhotos'), DEMO_PHOTOS), join(dataDir, DEMO_PHOTOS), 'dir');
  return dataDir;
}

const pgliteTemplate = ({ empty = false }: TemplateChoice) =>
  new Blob([readFileSync(inject(empty ? 'pgliteEmptyTemplate' : 'pgliteTemplate'))]);

/** A fresh copy of the template (the demo's, or the empty one), for one test file or suite. */
export async function openTestDatabase(
  kind: DatabaseKind,
  choice: TemplateChoice = {},
): Promise<DatabaseHandle> {
  if (kind === 'pglite')
    return connectPglite(await createPglite(undefined, { loadDataDir: pgliteTemplate(choice) }));
  const copy = await copyPostgresTemplate(choice);
  const handle = connectPostgres(copy.url);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}

/** A new PostgreSQL database made from a template; drop() waits for its connections to go first. */
async function copyPostgresTemplate({
  empty = false,
}: TemplateChoice): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject(empty ? 'postgresEmptyTemplate' : 'postgresTemplate');
  if (!url || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `haat_test_${process.pid}_${Date.now()}_${copies++}`;
  const admin = connectPostgres(url, 1);
  await sql.raw(`CREATE DATABASE ${name} TEMPLATE ${template}`).execute(admin.db);
  return {
    url: adminUrl(url, name),
    drop: async () => {
      await untilDisconnected(admin, name);
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.close();
    },
  };
}

/**
 * pg's pool.end() resolves before its connections have closed; dropping the database WITH (FORCE)
 * then kills them mid-goodbye and they throw uncaught errors into the test run.
 */
async function untilDisconnected(admin: DatabaseHandle, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${name}`.execute(admin.db);
    if (!rows[0]?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A fresh copy of a template for a server run in another process: the environment that points at it.
 * Its server migrates and, with the demo on, seeds an empty one as `npm start` does.
 */
export async function databaseForProcess(
  kind: DatabaseKind,
  choice: TemplateChoice = {},
): Promise<{ env: Record<string, string>; open(): Promise<DatabaseHandle>; close(): Promise<void> }> {
  const dataDir = testDataDir('haat-process-', choice);
  if (kind === 'pglite') {
    const dir = join(dataDir, 'pgdata');
    const copy = await createPglite(dir, { loadDataDir: pgliteTemplate(choice) });
    await copy.close();
    return {
      env: { DATA_DIR: dataDir },
      // only while the server is down: PGlite is one process's at a time
      open: async () => connectPglite(await createPglite(dir)),
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const copy = await copyPostgresTemplate(choice);
  return {
    env: { DATABASE_URL: copy.url, DATA_DIR: dataDir },
    open: async () => connectPostgres(copy.url, 2),
    close: async () => {
      await copy.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
