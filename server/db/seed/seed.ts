import type { Db } from '../connect.ts';

/** Fills an empty catalogue with the demo shop. Placeholder until the demo catalogue lands. */
export async function seedIfEmpty(db: Db): Promise<void> {
  await db.selectFrom('products').select('id').limit(1).execute();
}
