import type { Db } from '../../db/connect.ts';

export async function seen(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_events')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function remember(db: Db, eventId: string, type: string): Promise<void> {
  await db
    .insertInto('webhook_events')
    .values({ event_id: eventId, type })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}
