import type { Db } from '../../db/connect.ts';
import { notFound } from '../../platform/errors.ts';
import * as store from './store.ts';

/** Whether a delivery partner serves a pincode; an unknown pincode is simply not served. */
export async function isServiceable(db: Db, partner: string, pincode: string | number): Promise<boolean> {
  const id = await store.partnerId(db, partner);
  if (id === undefined) throw notFound(`No delivery partner "${partner}"`);
  return store.serves(db, id, String(pincode));
}
