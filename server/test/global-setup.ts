import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres, createPglite } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { drawDemoPhotos } from '../demo/photos.ts';
import { seedIfEmpty } from '../demo/seed.ts';
import { adminUrl, EMPTY_TEMPLATE_DB, TEMPLATE_DB } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | undefined;
    /** the same, migrated and never seeded: a shop started with the demo off */
    pgliteEmptyTemplate: string;
    postgresEmptyTemplate: string | undefined;
    /** a data directory holding the template's drawn demo photos, which test apps link to */
    demoPhotos: string;
  }
}

/**
 * Builds the template databases once per run (each test file copies one): migrated and seeded with the
 * demo, whose photos are drawn once (each test app links to them), and migrated only (empty).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'haat-test-'));
  project.provide('pgliteTemplate', await createPgliteTemplate(dir, 'template.tar', true));
  project.provide('demoPhotos', dir);
  project.provide('pgliteEmptyTemplate', await createPgliteTemplate(dir, 'empty.tar', false));

  const url = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', url ? TEMPLATE_DB : undefined);
  project.provide('postgresEmptyTemplate', url ? EMPTY_TEMPLATE_DB : undefined);
  if (url) {
    await createPostgresTemplate(url, TEMPLATE_DB, true);
    await createPostgresTemplate(url, EMPTY_TEMPLATE_DB, false);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) {
      const admin = connectPostgres(url, 1);
      for (const name of [TEMPLATE_DB, EMPTY_TEMPLATE_DB]) {
        await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      }
      await admin.close();
    }
  };
}

/** A migrated PGlite (with the demo and its drawn photos in `dir`, when `demo`), dumped to a file in `dir`. */
async function createPgliteTemplate(dir: string, file: string, demo: boolean): Promise<string> {
  const pglite = await createPglite();
  const handle = connectPglite(pglite);
  await migrate(handle.db);
  if (demo) {
    await seedIfEmpty(handle.db);
    await drawDemoPhotos(handle.db, dir);
  }
  const dump = await pglite.dumpDataDir('none');
  const templateFile = join(dir, file);
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return templateFile;
}

async function createPostgresTemplate(url: string, name: string, demo: boolean): Promise<void> {
  const admin = connectPostgres(url, 1);
  await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  const template = connectPostgres(adminUrl(url, name), 1);
  await migrate(template.db);
  if (demo) await seedIfEmpty(template.db);
  await template.close();
}
