import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../test/database.ts';
import type { DatabaseHandle } from './connect.ts';
import { runPrepared } from './prepared.ts';

describe.each(databaseKinds())('prepared statements on %s', (kind: DatabaseKind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('prepares a marked statement once per connection and runs it with each call’s values', async () => {
    // one connection throughout: prepared statements belong to it
    await handle.db.connection().execute(async (db) => {
      const doubled = (ids: number[]) =>
        runPrepared(db, sql<{ n: number }>`SELECT n * 2 AS n FROM unnest(${ids}::int[]) AS t(n) ORDER BY n`);
      expect(await doubled([1, 2])).toEqual([{ n: 2 }, { n: 4 }]);
      expect(await doubled([5, 3, 4])).toEqual([{ n: 6 }, { n: 8 }, { n: 10 }]);
      await sql`SELECT ${'plain'}::text AS word`.execute(db);

      const { rows } = await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql`.execute(db);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.statement).toMatch(/^\/\* prepared \*\/ SELECT n \* 2/);
      expect(rows[0]?.name).toMatch(/^haat_[0-9a-f]{16}$/);
    });
  });

  it('reports a failing prepared statement as an error and prepares it again after', async () => {
    await handle.db.connection().execute(async (db) => {
      const divide = (by: number) => runPrepared(db, sql<{ n: number }>`SELECT 10 / ${by}::int AS n`);
      await expect(divide(0)).rejects.toThrow(/division by zero/);
      expect(await divide(5)).toEqual([{ n: 2 }]);
    });
  });
});
