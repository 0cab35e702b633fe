import { drawDemoPhotos } from '../demo/photos.ts';
import { seedIfEmpty } from '../demo/seed.ts';
import type { Db } from './connect.ts';
import { migrate } from './migrate.ts';

/**
 * What every start does before serving: apply the migrations, fill an empty catalogue with the demo
 * shop, and draw its photos into the data directory unless they are there.
 */
export async function prepareDatabase(db: Db, dataDir: string): Promise<void> {
  await migrate(db);
  await seedIfEmpty(db);
  await drawDemoPhotos(db, dataDir);
}
