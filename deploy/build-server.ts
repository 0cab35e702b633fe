import { copyFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { INDEX_WORKER } from '../server/modules/catalogue/index-thread.ts';
import { HOLIDAYS_TABLE, HOLIDAYS_TABLE_FILE } from '../server/modules/courier/business-days.ts';
import { INDIA_TABLE, INDIA_TABLE_FILE } from '../server/modules/delivery/india.ts';
import { PHOTO_ZIP_WORKER } from '../server/modules/products/photo-zip.ts';
import { workerBuild } from '../server/platform/worker-script.ts';

/**
 * The compiled server (part of `npm run build`): each command the image runs, bundled from its
 * TypeScript into dist/server/<name>.js, with packages left to node_modules. It must stay two folders
 * below the project, as server/db/project-root.ts says.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_OUT = join(ROOT, 'dist/server');

/** dist/server/<name>.js: the TypeScript it is built from. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  migrate: 'server/db/migrate-cli.ts',
  staff: 'server/modules/staff/cli.ts',
  doctor: 'server/modules/setup/cli.ts',
} as const;

export async function buildServer(): Promise<void> {
  rmSync(SERVER_OUT, { recursive: true, force: true });
  await Promise.all([
    build({
      absWorkingDir: ROOT,
      entryPoints: SERVER_ENTRIES,
      outdir: SERVER_OUT,
      bundle: true,
      // shared modules in chunks of their own, once, rather than a copy in every command
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // stack traces name the TypeScript files (the image sets NODE_OPTIONS=--enable-source-maps)
      sourcemap: true,
      logLevel: 'warning',
    }),
    ...[INDEX_WORKER, PHOTO_ZIP_WORKER].map((worker) =>
      build({ ...workerBuild(worker), outfile: join(SERVER_OUT, worker.compiled) }),
    ),
  ]);
  // read from the disk beside the bundle, as beside india.ts
  copyFileSync(INDIA_TABLE, join(SERVER_OUT, INDIA_TABLE_FILE));
  copyFileSync(HOLIDAYS_TABLE, join(SERVER_OUT, HOLIDAYS_TABLE_FILE));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
