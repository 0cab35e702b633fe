import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres, createPglite } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { drawDemoPhotos } from '../demo/photos.ts';
import { seedIfEmpty } from '../demo/seed.ts';
import { adminUrl, TEMPLATE_DB } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | undefined;
    /** a data directory holding the template's drawn demo photos, which test apps link to */
    demoPhotos: string;
  }
}

/**
 * Builds the migrated, seeded template databases once per run (each test file copies one), and draws
 * their demo photos once (each test app links to them).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'haat-test-'));
  const pglite = await createPglite();
  const handle = connectPglite(pglite);
  await migrate(handle.db);
  await seedIfEmpty(handle.db);
  await drawDemoPhotos(handle.db, dir);
  project.provide('demoPhotos', dir);
  const dump = await pglite.dumpDataDir('none');
  const templateFile = join(dir, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', templateFile);

  const url = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', url ? TEMPLATE_DB : undefined);
  if (url) await createPostgresTemplate(url);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) {
      const admin = connectPostgres(url, 1);
      await sql.raw(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).execute(admin.db);
      await admin.close();
    }
  };
}

async function createPostgresTemplate(url: string): Promise<void> {
  const admin = connectPostgres(url, 1);
  await sql.raw(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${TEMPLATE_DB}`).execute(admin.db);
  await admin.close();
  const template = connectPostgres(adminUrl(url, TEMPLATE_DB), 1);
  await migrate(template.db);
  await seedIfEmpty(template.db);
  await template.close();
}
