import { sql } from 'kysely';

/** For a query over `skus`: a size's stock less the units held for shoppers who are paying now. */
export const AVAILABLE_UNITS = sql<number>`greatest(skus.stock - coalesce((
  SELECT sum(h.quantity) FROM stock_holds h
  WHERE h.sku_id = skus.id AND h.released_at IS NULL AND h.expires_at > now()), 0), 0)::int`;
