import type { Updateable } from 'kysely';
import type { LegalForm } from '../../../contract/shop-constants.ts';
import type { Db } from '../../db/connect.ts';
import type { ShopSettingsTable } from '../../db/schema.ts';

/** The shop's one row of details and settings (migrations 011, 015 and 036), as the database keeps it. */
export interface ShopRow {
  name: string | null;
  legal_name: string | null;
  logo: string | null;
  gstin: string | null;
  office_address: string[];
  support_email: string | null;
  support_phone: string | null;
  support_hours: string | null;
  policies: Record<string, string>;
  delivery_charge_paise: number;
  free_delivery_above_paise: number;
  low_stock_threshold: number;
  about: string | null;
  footer_text: string | null;
  page_title: string | null;
  meta_description: string | null;
  legal_form: LegalForm | null;
  return_window_days: number;
  exchange_window_days: number;
  free_cancellation_hours: number;
  cancellation_charge_percent: number;
  cod_enabled: boolean;
  cod_fee: number;
  cod_max_order_value: number;
  cod_rto_limit: number;
}

const COLUMNS = [
  'name',
  'legal_name',
  'logo',
  'gstin',
  'office_address',
  'support_email',
  'support_phone',
  'support_hours',
  'policies',
  'delivery_charge_paise',
  'free_delivery_above_paise',
  'low_stock_threshold',
  'about',
  'footer_text',
  'page_title',
  'meta_description',
  'legal_form',
  'return_window_days',
  'exchange_window_days',
  'free_cancellation_hours',
  'cancellation_charge_percent',
  'cod_enabled',
  'cod_fee',
  'cod_max_order_value',
  'cod_rto_limit',
] as const;

/** The row; `lock` holds it until the caller's transaction ends, so two owners' edits never interleave. */
export function shopRow(db: Db, lock = false): Promise<ShopRow> {
  const query = db.selectFrom('shop_settings').select(COLUMNS);
  return (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

export type ShopChange = Omit<Updateable<ShopSettingsTable>, 'id' | 'updated_at' | 'policies'> & {
  policies?: Record<string, string>;
};

export async function updateShop(db: Db, change: ShopChange): Promise<ShopRow> {
  const { policies, ...columns } = change;
  return db
    .updateTable('shop_settings')
    .set({
      ...columns,
      ...(policies && { policies: JSON.stringify(policies) }),
      updated_at: new Date(),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
