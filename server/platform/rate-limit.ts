import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { tooManyRequests } from './errors.ts';

/** A limit: at most `max` counted events per subject in any `windowMs`. */
export interface Limit {
  /** names the limit in the table, e.g. 'signup-check:browser' */
  bucket: string;
  max: number;
  windowMs: number;
  /** the 429's message */
  message: string;
}

/** A limit applied to one subject (a browser id, a client address, a customer id, '' for the shop). */
export interface Charge {
  limit: Limit;
  subject: string;
}

/**
 * Sliding-window limits kept in the database, so that every instance of the shop counts alike.
 * A refused call counts nothing; every limit of one call is checked before any of them is counted.
 */
export class RateLimits {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one event for each charge, or throws 429 with Retry-After when any is used up. */
  async take(charges: Charge[]): Promise<void> {
    await this.db.transaction().execute((trx) => this.takeWithin(trx, charges));
  }

  /**
   * `take` inside the caller's transaction, whose other locks must all come before these (a fixed order,
   * so no two transactions wait on each other); answers the events counted, for `uncount`.
   */
  async takeWithin(trx: Db, charges: Charge[]): Promise<number[]> {
    await lockSubjects(trx, charges);
    await this.refuseWhenUsedUp(trx, charges);
    return this.count(trx, charges);
  }

  /**
   * Counts a call that no limit may refuse but that others' counts must see (a browser's own code
   * allowance in the SMS budgets); answers the events' ids.
   */
  async count(db: Db, charges: Charge[]): Promise<number[]> {
    if (charges.length === 0) return [];
    const at = this.now();
    const rows = await db
      .insertInto('rate_events')
      .values(charges.map(({ limit, subject }) => ({ bucket: limit.bucket, subject, at })))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Takes back events counted for a call that then failed (an SMS the gateway did not send). */
  async uncount(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('rate_events').where('id', 'in', ids).execute();
  }

  /** How many events `charge`'s limit counts now, of its `max`. */
  async used({ limit, subject }: Charge): Promise<number> {
    const row = await this.db
      .selectFrom('rate_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', limit.bucket)
      .where('subject', '=', subject)
      .where('at', '>', new Date(this.now().getTime() - limit.windowMs))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Events older than every window (the longest is a day), so the table keeps only what counts. */
  async sweep(olderThanMs = 24 * 3600 * 1000): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_events')
      .where('at', '<', new Date(this.now().getTime() - olderThanMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async refuseWhenUsedUp(db: Db, charges: Charge[]): Promise<void> {
    const now = this.now().getTime();
    for (const { limit, subject } of charges) {
      const oldestCounted = await nthNewest(db, limit, subject, new Date(now - limit.windowMs));
      if (oldestCounted) {
        throw tooManyRequests(limit.message, (oldestCounted.getTime() + limit.windowMs - now) / 1000);
      }
    }
  }
}

/** The time of the max-th newest event in the window: present only when the limit is used up. */
async function nthNewest(db: Db, limit: Limit, subject: string, since: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('rate_events')
    .select('at')
    .where('bucket', '=', limit.bucket)
    .where('subject', '=', subject)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .offset(limit.max - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.at) : undefined;
}

/** Two racing calls of one subject count one after the other, so neither slips past the limit. */
async function lockSubjects(trx: Db, charges: Charge[]): Promise<void> {
  const keys = [...new Set(charges.map(({ limit, subject }) => `${limit.bucket}\u0001${subject}`))].sort();
  for (const key of keys) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
}
