import {
  type GenreReturnable,
  type GenreReturnableBody,
  type GenresReturnableResponse,
  RETURN_RATE_DAYS,
  type ReturnRates,
} from '../../../contract/admin.ts';
import {
  OTHER_REASON_TITLE,
  RETURN_REASONS,
  type ReturnReasonCode,
} from '../../../contract/fit-returns-constants.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { notFound } from '../../platform/errors.ts';
import * as store from './store.ts';

const DAY_MS = 86_400_000;

export { refundDestination } from './refund-to.ts';
/** the SQL of whether a product's genre may be returned, for other modules' queries that join products */
/** Where a returned COD line's refund goes: kept with its return, read when the item is received. */
export { genreReturnable, keepRefundTo, refundToOf } from './store.ts';

/** The order line's product, and whether its genre may be returned. */
export async function lineProduct(db: Db, lineId: number): Promise<{ id: number; returnable: boolean }> {
  return store.lineProduct(db, lineId);
}

/** A return's reason as staff read it: its code's words, or "Other" for the spec's free text. */
export const reasonTitle = (code: ReturnReasonCode | null): string =>
  code === null ? OTHER_REASON_TITLE : RETURN_REASONS[code];

/** returned over delivered, as a percentage with one decimal (0 when nothing was delivered) */
const percentOf = (returned: number, delivered: number) =>
  delivered === 0 ? 0 : Math.round((returned * 1000) / delivered) / 10;

const mostReturnedFirst = (a: { returned: number }, b: { returned: number }) => b.returned - a.returned;

/**
 * The dashboard's return rates: of the lines delivered in the last RETURN_RATE_DAYS days (to `now`), the
 * share whose return was asked, whatever came of the ask (awaiting, accepted, received or rejected), by
 * genre and by reason. A line delivered earlier and asked back now is not counted: each rate's lines and
 * its returns are the same lines.
 */
export async function returnRates(db: Db, now: Date): Promise<ReturnRates> {
  const since = new Date(now.getTime() - RETURN_RATE_DAYS * DAY_MS);
  const [genres, reasons] = await Promise.all([
    store.returnsByGenre(db, since),
    store.returnsByReason(db, since),
  ]);
  const delivered = genres.reduce((sum, row) => sum + row.delivered, 0);
  const returned = genres.reduce((sum, row) => sum + row.returned, 0);
  return {
    since: since.toISOString(),
    delivered,
    returned,
    percent: percentOf(returned, delivered),
    byGenre: genres
      .map((row) => ({
        userSegment: row.user_segment,
        genre: row.genre,
        delivered: row.delivered,
        returned: row.returned,
        percent: percentOf(row.returned, row.delivered),
      }))
      .sort(mostReturnedFirst),
    byReason: reasons
      .map((row) => ({
        reasonCode: row.code,
        title: reasonTitle(row.code),
        returned: row.returned,
        percent: percentOf(row.returned, delivered),
      }))
      .sort(mostReturnedFirst),
  };
}

/**
 * Genres the back office marks not returnable: their product pages say so, their lines are not
 * offered Return, and /return answers 409 for them. A change reaches every product page of the genre.
 */
export class ReturnableGenres {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  async list(): Promise<GenresReturnableResponse> {
    const rows = await store.genres(this.db);
    return {
      genres: rows.map((row) => ({
        userSegment: row.user_segment,
        genre: row.genre,
        returnable: row.returnable,
      })),
    };
  }

  /** 404 for a genre no product has; a mark already so changes nothing. Audited with who did it. */
  async set(body: GenreReturnableBody, actor: string): Promise<GenreReturnable> {
    const { userSegment, genre, returnable } = body;
    const productIds = await this.db.transaction().execute(async (trx) => {
      const ids = await store.productsOfGenre(trx, userSegment, genre);
      if (ids.length === 0) throw notFound(`No products of genre "${genre}" in "${userSegment}"`);
      const changed = returnable
        ? await store.unmark(trx, userSegment, genre)
        : await store.markNotReturnable(trx, userSegment, genre, actor);
      if (!changed) return [];
      await recordAudit(trx, {
        actor,
        action: returnable ? 'genre.returnable' : 'genre.not_returnable',
        subject: `genre:${userSegment}/${genre}`,
        details: { userSegment, genre, returnable },
      });
      return ids;
    });
    if (productIds.length > 0) this.changes.announce({ productIds });
    return { userSegment, genre, returnable };
  }
}
