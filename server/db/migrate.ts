import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './connect.ts';
import { projectPath } from './project-root.ts';

const MIGRATIONS_DIR = projectPath('server/db/migrations');

/** Plain SQL files named NNN_name.sql, applied in order. Landed files are frozen: add, never edit. */
class SqlFileMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
      const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: (db) =>
          sql
            .raw(text)
            .execute(db)
            .then(() => undefined),
      };
    }
    return migrations;
  }
}

const migrator = (db: Db) => new Migrator({ db, provider: new SqlFileMigrationProvider() });

/**
 * Applies every migration not applied yet. Safe when several instances start at once: Kysely's
 * migrator holds a lock (a row of kysely_migration_lock) while it works, so each runs exactly once.
 */
export async function migrate(db: Db): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`database migration failed${name}: ${error instanceof Error ? error.message : error}`);
  }
}

/** The migrations this code has that the database has not applied. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migrator(db).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}
