import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { drawDemoPhotos } from './demo/photos.ts';
import { seedIfEmpty } from './demo/seed.ts';

/**
 * What every start does before serving: apply the migrations and, only with the demo on (HAAT_DEMO; on
 * in development, off in production), fill an empty shop with the demo and draw its photos into the data
 * directory unless they are there. With the demo off an empty shop stays empty. The start decides, not
 * server/db/, which knows nothing of the demo (docs/decisions/058-the-demo-in-one-room.md).
 */
export async function prepareDatabase(db: Db, config: Pick<Config, 'dataDir' | 'demo'>): Promise<void> {
  await migrate(db);
  if (!config.demo) return;
  await seedIfEmpty(db);
  await drawDemoPhotos(db, config.dataDir);
}
