import { createHash } from 'node:crypto';
import type { CompiledQuery, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { Db } from './schema.ts';

/**
 * Statements run on every uncached listing, search or suggestion are planned once per connection: as
 * unnamed statements PostgreSQL parsed and planned the 20 cards' query afresh each time, which was
 * more than half of its cost (0.62 ms against 0.25 ms prepared, pgbench at 1,000,000 products).
 * Kysely sends no statement names, so `runPrepared` marks the text and the pool below names it.
 */
const MARK = '/* prepared */ ';

/**
 * Runs the query as a named prepared statement. Its text must not vary with its values (an id list
 * goes as one array, `= ANY(${ids}::int[])`), since each distinct text is prepared on every
 * connection for as long as it lives.
 */
export async function runPrepared<R>(db: Db, query: { compile(db: Db): CompiledQuery<R> }): Promise<R[]> {
  const compiled = query.compile(db);
  const marked: CompiledQuery<R> = { ...compiled, sql: MARK + compiled.sql };
  return (await db.executeQuery(marked)).rows;
}

const names = new Map<string, string>();

/** The statement's name: the same text gets the same name on every connection. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `haat_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool Kysely is given: marked statements go by name, everything else as before. Kysely passes a
 * cursor only when configured with one, which haat is not.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      // Kysely hands over a fresh array of values each time: no need to copy it again
      const query = (text: string, values: unknown[]) =>
        client.query(text.startsWith(MARK) ? { name: nameOf(text), text, values } : { text, values });
      // the cursor overload is never called (see above)
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
