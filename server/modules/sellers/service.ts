import { commissionBp, commissionPercent, commissionProblem } from '../../../contract/books.ts';
import { HANDOVER_DAYS } from '../../../contract/courier-constants.ts';
import { gstinProblem, panProblem } from '../../../contract/gstin.ts';
import type { Seller, SellerBody } from '../../../contract/sellers.ts';
import type { CommissionAnswer } from '../../../contract/settlements.ts';
import type { Db } from '../../db/connect.ts';
import { tidyText } from '../../platform/api-values.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { type FieldErrors, InvalidFields, notFound } from '../../platform/errors.ts';
import { indiaPincode } from '../delivery/india.ts';
import type { Products } from '../products/service.ts';
import * as store from './store.ts';

export const NO_SUCH_SELLER = 'No such seller';
/** Holds a seller's row to the end of the caller's transaction (settlements pay a seller one at a time). */
export { lockSeller } from './store.ts';

const REQUIRED = 'Required';
const PINCODE = /^[1-9][0-9]{5}$/;
const MOBILE = /^[6-9][0-9]{9}$/;
// one @, something on each side, a dot in the domain; no spaces (the form's check, not RFC 5322's)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toSeller(row: store.SellerRow): Seller {
  return {
    id: row.id,
    name: row.name,
    legalName: row.legal_name,
    address: { line1: row.address, line2: row.address_line2, city: row.city, pincode: row.pincode },
    state: row.state,
    gstin: row.gstin,
    pan: row.pan,
    phone: row.phone,
    email: row.email,
    active: row.active,
    handoverDays: row.handover_days,
    activeProducts: row.active_products ?? 0,
    pausedProducts: row.paused_products ?? 0,
    commissionPercent: commissionPercent(row.commission_bp),
  };
}

/** Texts as a person typed them: spaces at either end and runs of spaces inside dropped. */

/** A mobile number as stored: 10 digits, without +91, spaces or dashes. */
const mobileDigits = (text: string) => text.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=[0-9]{10}$)/, '');

/**
 * The body as columns, or every field's error at once: the pincode gives the state, and the GSTIN must
 * be the one of that state and that PAN (contract/gstin.ts).
 */
export function sellerColumns(body: SellerBody): { columns: store.SellerColumns } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const text = (value: string, field: string) => {
    const tidied = tidyText(value);
    if (tidied === '') errors[field] = REQUIRED;
    return tidied;
  };
  const name = text(body.name, 'name');
  const legalName = text(body.legalName, 'legalName');
  const line1 = text(body.address.line1, 'address.line1');
  const line2 = tidyText(body.address.line2 ?? '');
  const city = text(body.address.city, 'address.city');
  const pincode = body.address.pincode.trim();
  const place = PINCODE.test(pincode) ? indiaPincode(pincode) : undefined;
  if (!PINCODE.test(pincode)) errors['address.pincode'] = 'Enter the 6-digit pincode';
  else if (!place) errors['address.pincode'] = `${pincode} is not a pincode in India's list`;
  const pan = body.pan.trim().toUpperCase();
  const panError = pan === '' ? REQUIRED : panProblem(pan);
  if (panError) errors.pan = panError;
  const gstin = body.gstin.trim().toUpperCase();
  const gstinError =
    gstin === '' ? REQUIRED : gstinProblem(gstin, { state: place?.state, pan: panError ? undefined : pan });
  if (gstinError) errors.gstin = gstinError;
  // the contact is optional: blank is none
  const phone = mobileDigits(body.phone ?? '');
  if (phone && !MOBILE.test(phone))
    errors.phone = 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9';
  const email = (body.email ?? '').trim();
  if (email && !EMAIL.test(email)) errors.email = 'Enter an e-mail address, such as name@example.com';
  if (Object.keys(errors).length > 0 || !place) return { errors };
  const columns = {
    name,
    legal_name: legalName,
    address: line1,
    address_line2: line2 || null,
    city,
    pincode,
    state: place.state,
    gstin,
    pan,
    phone: phone || null,
    email: email || null,
    handover_days: body.handoverDays ?? HANDOVER_DAYS.default,
  };
  return { columns };
}

const nameTaken = (name: string) => new InvalidFields({ name: `Another seller is named ${name}` });

/**
 * The shop's sellers: whose goods each product is, and whose registration its tax invoice
 * names. Every change is recorded in the audit log with who made it. Deactivating a seller takes its live
 * products off the shop in the same transaction, and activating brings back exactly those: the products'
 * service moves them (the rule of what is on sale is its own) and announces them to every instance.
 */
export class Sellers {
  constructor(
    private readonly db: Db,
    private readonly products: Products,
    private readonly changes: ChangeFeed,
  ) {}

  async list(): Promise<Seller[]> {
    return (await store.allSellers(this.db)).map(toSeller);
  }

  async get(id: number, db: Db = this.db): Promise<Seller> {
    const row = await store.sellerById(db, id);
    if (!row) throw notFound(NO_SUCH_SELLER);
    return toSeller(row);
  }

  async create(body: SellerBody, actor: string): Promise<Seller> {
    const columns = this.valid(body);
    return this.saving(columns.name, async (trx) => {
      if (await store.sameName(trx, columns.name)) throw nameTaken(columns.name);
      const id = await store.insertSeller(trx, columns);
      await recordAudit(trx, audit(actor, 'seller.create', id, sellerDetails(columns)));
      return this.get(id, trx);
    });
  }

  /** Replaces every field of the seller; a new name shows on its products' cards at once. */
  async update(id: number, body: SellerBody, actor: string): Promise<Seller> {
    const columns = this.valid(body);
    let renamed = false;
    const seller = await this.saving(columns.name, async (trx) => {
      const locked = await store.lockSeller(trx, id);
      if (!locked) throw notFound(NO_SUCH_SELLER);
      if (await store.sameName(trx, columns.name, id)) throw nameTaken(columns.name);
      const before = await this.get(id, trx);
      await store.updateSeller(trx, id, columns);
      const after = await this.get(id, trx);
      await recordAudit(trx, audit(actor, 'seller.update', id, changed(before, after)));
      renamed = locked.name !== columns.name;
      return after;
    });
    if (renamed) this.changes.announce({ everything: true });
    return seller;
  }

  /**
   * Deactivating takes the seller's live products off the shop (paused with it); activating brings back
   * exactly those. Doing it twice changes nothing more.
   */
  async setActive(id: number, active: boolean, actor: string): Promise<Seller> {
    return this.products.sellerChange(async (trx, follow) => {
      const locked = await store.lockSeller(trx, id);
      if (!locked) throw notFound(NO_SUCH_SELLER);
      if (locked.active === active) return this.get(id, trx);
      await store.updateSeller(trx, id, { active });
      const productIds = await follow(id, active);
      const action = active ? 'seller.activate' : 'seller.deactivate';
      await recordAudit(trx, audit(actor, action, id, { name: locked.name, productIds }));
      return this.get(id, trx);
    });
  }

  /**
   * The shop's commission on the seller's sales from now on: each line keeps the one in force when it was
   * placed (checkout copies it), so a change affects only later lines.
   */
  async setCommission(id: number, percent: number, actor: string): Promise<CommissionAnswer> {
    const problem = commissionProblem(percent);
    if (problem) throw new InvalidFields({ commissionPercent: problem });
    const bp = commissionBp(percent);
    return this.db.transaction().execute(async (trx) => {
      const locked = await store.lockSeller(trx, id);
      if (!locked) throw notFound(NO_SUCH_SELLER);
      await store.updateCommission(trx, id, bp);
      const details = {
        name: locked.name,
        commissionPercent: { old: commissionPercent(locked.commission_bp), new: percent },
      };
      await recordAudit(trx, audit(actor, 'seller.commission', id, details));
      return { id, commissionPercent: commissionPercent(bp) };
    });
  }

  private valid(body: SellerBody): store.SellerColumns {
    const result = sellerColumns(body);
    if ('errors' in result) throw new InvalidFields(result.errors);
    return result.columns;
  }

  /** A change in a transaction; a name taken by a concurrent save is the name's field error too. */
  private async saving<T>(name: string, work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (error) {
      if (store.isNameTaken(error)) throw nameTaken(name);
      throw error;
    }
  }
}

const audit = (actor: string, action: string, id: number, details: Record<string, unknown>) => ({
  actor,
  action,
  subject: `seller:${id}`,
  details,
});

const sellerDetails = (columns: store.SellerColumns) => ({
  name: columns.name,
  legalName: columns.legal_name,
  gstin: columns.gstin,
  state: columns.state,
});

/** The fields an edit changed, each as `{old, new}`. */
function changed(before: Seller, after: Seller): Record<string, unknown> {
  const flat = ({ address, ...rest }: Seller): Record<string, unknown> => ({ ...rest, ...address });
  const old = flat(before);
  const now = flat(after);
  const details: Record<string, unknown> = { name: after.name };
  for (const key of Object.keys(now)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key]))
      details[key] = { old: old[key], new: now[key] };
  }
  return details;
}
