import { COD_LIMITS } from '../../../contract/cod-constants.ts';
import { gstinProblem } from '../../../contract/gstin.ts';
import { formatRupees } from '../../../contract/money.ts';
import { paths } from '../../../contract/paths.ts';
import type {
  AdminShop,
  PolicyResponse,
  SettingsUpdate,
  ShopDetails,
  ShopSettings,
  ShopUpdate,
} from '../../../contract/shop.ts';
import {
  DEFAULT_SHOP_NAME,
  LEGAL_FORMS,
  type LegalForm,
  POLICY_PAGES,
  POLICY_TITLES,
  type PolicyPage,
  phoneText,
  SHOP_LIMITS,
} from '../../../contract/shop-constants.ts';
import {
  daysText,
  hoursText,
  SHOP_RULE_LIMITS,
  type ShopRuleName,
  type ShopRules,
} from '../../../contract/shopping-rules.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { ChangeFeed } from '../../platform/changes.ts';
import { type FieldErrors, InvalidFields, notFound } from '../../platform/errors.ts';
import { productOriginalExists } from '../../platform/images/service.ts';
import { indiaPincode } from '../delivery/india.ts';
import { codPolicyWords, DEFAULT_POLICIES } from './default-policies.ts';
import { markdownText, renderMarkdown } from './markdown.ts';
import * as store from './store.ts';

/** What a bag's price needs of the shop: its delivery charge and the amount above which delivery is free. */
export interface DeliveryTerms {
  chargePaise: number;
  /** delivery is free when the amount after discount is above this (strictly) */
  freeAbovePaise: number;
}

/** Cash on delivery as the owner set it (issue 39): whole rupees, as the settings speak them. */
export interface CodTerms {
  enabled: boolean;
  feeRupees: number;
  maxOrderValueRupees: number;
  /** refused deliveries after which a shopper is no longer offered COD */
  rtoLimit: number;
}

/** The shop as a document or a message names it, fixed when that is written. */
export interface ShopIdentity {
  name: string;
  legalName: string | null;
  gstin: string | null;
  /** an uploaded photo's name */
  logo: string | null;
}

const LOW_STOCK_MAX = 100_000;
// what CommonMark links as an e-mail autolink (<…>), so a support address is always a mailto: link
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const PINCODE = /(?<![0-9])[1-9][0-9]{5}(?![0-9])/g;
const PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,115}\.webp$/;
const CONTROL = /\p{Cc}/u;

const isLegalForm = (form: string): form is LegalForm => Object.hasOwn(LEGAL_FORMS, form);

/** The texts of one line each, by their API name and column. */
const ONE_LINE_FIELDS = [
  ['name', 'name'],
  ['legalName', 'legal_name'],
  ['supportHours', 'support_hours'],
  ['about', 'about'],
  ['pageTitle', 'page_title'],
  ['metaDescription', 'meta_description'],
] as const;
type OneLineField = (typeof ONE_LINE_FIELDS)[number][0];

const isPolicyPage = (page: string): page is PolicyPage => (POLICY_PAGES as readonly string[]).includes(page);

/** The logo as pages show it: an uncropped variant of the uploaded original. */
export const logoUrl = (logo: string | null, width = 320) => (logo ? paths.logo(logo, width) : null);

function publicDetails(row: store.ShopRow): ShopDetails {
  return {
    name: row.name ?? DEFAULT_SHOP_NAME,
    legalName: row.legal_name,
    logoUrl: logoUrl(row.logo),
    gstin: row.gstin,
    officeAddress: row.office_address,
    supportEmail: row.support_email,
    supportPhone: row.support_phone,
    supportHours: row.support_hours,
    deliveryCharge: row.delivery_charge_paise / 100,
    freeDeliveryAbove: row.free_delivery_above_paise / 100,
    about: row.about,
    footerText: row.footer_text,
    pageTitle: row.page_title,
    metaDescription: row.meta_description,
    legalForm: row.legal_form,
    legalFormText: row.legal_form && LEGAL_FORMS[row.legal_form],
    ...rulesOf(row),
    cashOnDelivery: row.cod_enabled,
  };
}

const codTermsOf = (row: store.ShopRow): CodTerms => ({
  enabled: row.cod_enabled,
  feeRupees: row.cod_fee,
  maxOrderValueRupees: row.cod_max_order_value,
  rtoLimit: row.cod_rto_limit,
});

/** Each rule's column (migration 037). */
const RULE_COLUMNS = {
  returnWindowDays: 'return_window_days',
  exchangeWindowDays: 'exchange_window_days',
  freeCancellationHours: 'free_cancellation_hours',
  cancellationChargePercent: 'cancellation_charge_percent',
} as const satisfies Record<ShopRuleName, keyof store.ShopRow>;

const RULE_UNITS: Record<ShopRuleName, string> = {
  returnWindowDays: 'days',
  exchangeWindowDays: 'days',
  freeCancellationHours: 'hours',
  cancellationChargePercent: 'per cent',
};

const rulesOf = (row: store.ShopRow): ShopRules => ({
  returnWindowDays: row.return_window_days,
  exchangeWindowDays: row.exchange_window_days,
  freeCancellationHours: row.free_cancellation_hours,
  cancellationChargePercent: row.cancellation_charge_percent,
});

/** The rules of a change as columns; one out of its range is a field error. */
const COD_COLUMNS = {
  codFee: 'cod_fee',
  codMaxOrderValue: 'cod_max_order_value',
  codRtoLimit: 'cod_rto_limit',
} as const;
const COD_UNITS = {
  codFee: 'rupees',
  codMaxOrderValue: 'rupees',
  codRtoLimit: 'refused deliveries',
} as const;

/** The COD settings a change writes; a value out of COD_LIMITS is named in `errors`. */
function codColumns(change: SettingsUpdate, errors: FieldErrors): store.ShopChange {
  const columns: store.ShopChange = {};
  if (change.codEnabled !== undefined) columns.cod_enabled = change.codEnabled;
  for (const name of Object.keys(COD_COLUMNS) as (keyof typeof COD_COLUMNS)[]) {
    const value = change[name];
    if (value === undefined) continue;
    const { min, max } = COD_LIMITS[name];
    if (value < min || value > max)
      errors[name] =
        `Enter a whole number of ${COD_UNITS[name]} from ${min.toLocaleString('en-IN')} to ${max.toLocaleString('en-IN')}`;
    columns[COD_COLUMNS[name]] = value;
  }
  return columns;
}

function ruleColumns(change: Partial<ShopRules>, errors: FieldErrors): store.ShopChange {
  const columns: store.ShopChange = {};
  for (const [name, column] of Object.entries(RULE_COLUMNS) as [
    ShopRuleName,
    (typeof RULE_COLUMNS)[ShopRuleName],
  ][]) {
    const value = change[name];
    if (value === undefined) continue;
    const max = SHOP_RULE_LIMITS[name];
    if (value < 0 || value > max)
      errors[name] = `Enter a whole number of ${RULE_UNITS[name]} from 0 to ${max}`;
    columns[column] = value;
  }
  return columns;
}

/** The state of the office address, from the last pincode in its lines that India's list knows. */
function officeState(lines: readonly string[]): string | undefined {
  const pincodes = lines.flatMap((line) => line.match(PINCODE) ?? []);
  for (const pincode of pincodes.reverse()) {
    const known = indiaPincode(pincode);
    if (known) return known.state;
  }
  return undefined;
}

/**
 * A policy page's Markdown with the shop's current values in place of its placeholders, each value
 * escaped so that it reads as text: a legal name with a `*` or a `<` stays a name.
 */
function filledIn(text: string, row: store.ShopRow, codConfirmSeconds: number): string {
  const name = row.name ?? DEFAULT_SHOP_NAME;
  const values: Record<string, string> = {
    shop: markdownText(name),
    legalName: markdownText(row.legal_name ?? name),
    legalForm: row.legal_form ? markdownText(LEGAL_FORMS[row.legal_form]) : '',
    // an autolink: the address is checked to be one CommonMark links
    supportEmail: row.support_email ? `<${row.support_email}>` : 'us',
    supportPhone: row.support_phone ? markdownText(phoneText(row.support_phone)) : '',
    supportHours: markdownText(row.support_hours ?? 'as soon as we can'),
    deliveryCharge: formatRupees(row.delivery_charge_paise / 100),
    freeDeliveryAbove: formatRupees(row.free_delivery_above_paise / 100),
    returnWindow: daysText(row.return_window_days),
    exchangeWindow: daysText(row.exchange_window_days),
    freeCancellation: hoursText(row.free_cancellation_hours),
    cancellationCharge: `${row.cancellation_charge_percent}%`,
    ...codPolicyWords(codTermsOf(row), codConfirmSeconds),
  };
  // without a legal form the sentence names none: "**X**: {legalForm}, registered" reads "**X**, registered"
  const formed = row.legal_form ? text : text.replace(/:[ \t]*\{legalForm\}/g, '');
  return formed.replace(/\{(\w+)\}/g, (placeholder, key: string) => values[key] ?? placeholder);
}

/** Trimmed text; '' and null clear the field. */
const cleared = (value: string | null) => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/** The row and the pages rendered from it, read once and kept until the shop changes. */
interface Cached {
  row: store.ShopRow;
  pages: Map<PolicyPage, PolicyResponse>;
}

/**
 * The shop's own details, policy pages and settings (the delivery charge, the low-stock threshold): one
 * row, edited by the owner (every change in the audit log), read by the shop's pages, its heads,
 * invoices, SMS and prices. Kept in memory and dropped when the change feed says the shop changed, on
 * this instance at once and on every other within moments.
 */
export class Shop {
  private cached: Promise<Cached> | undefined;

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly dataDir: string,
    /** how long a COD order waits for its code (COD_CONFIRM_SECONDS), which the payment policy states */
    private readonly codConfirmSeconds: number,
  ) {
    changes.onChange((change) => {
      if ('shop' in change || 'everything' in change) this.cached = undefined;
    });
  }

  private current(): Promise<Cached> {
    if (!this.cached) {
      const loading = store.shopRow(this.db).then((row) => ({ row, pages: new Map() }));
      // a failed read is tried again by the next caller
      loading.catch(() => {
        if (this.cached === loading) this.cached = undefined;
      });
      this.cached = loading;
    }
    return this.cached;
  }

  async details(): Promise<ShopDetails> {
    return publicDetails((await this.current()).row);
  }

  async deliveryTerms(): Promise<DeliveryTerms> {
    const { row } = await this.current();
    return { chargePaise: row.delivery_charge_paise, freeAbovePaise: row.free_delivery_above_paise };
  }

  async lowStockThreshold(): Promise<number> {
    return (await this.current()).row.low_stock_threshold;
  }

  /** GET /api/policies/{page}: the owner's text, or the spec's, as safe HTML; 404 for another page. */
  async policy(page: string): Promise<PolicyResponse> {
    if (!isPolicyPage(page)) throw notFound(`No policy page "${page.slice(0, 40)}"`);
    const { row, pages } = await this.current();
    let shown = pages.get(page);
    if (!shown) {
      const text = row.policies[page] ?? DEFAULT_POLICIES[page];
      shown = {
        title: POLICY_TITLES[page],
        html: renderMarkdown(filledIn(text, row, this.codConfirmSeconds)),
      };
      pages.set(page, shown);
    }
    return shown;
  }

  /** The shop as the owner edits it, read afresh. */
  async forOwner(): Promise<AdminShop> {
    return toAdminShop(await store.shopRow(this.db));
  }

  /**
   * Changes any subset of the details, policies and delivery terms; every field is checked first and a
   * wrong one changes nothing (400 `{error, fields}`).
   */
  async update(change: ShopUpdate, actor: string): Promise<AdminShop> {
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await store.shopRow(trx, true);
      const columns = await this.checked(change, before);
      const after = await store.updateShop(trx, columns);
      await audit(trx, actor, 'shop', auditDetails(before, after));
      return after;
    });
    this.changes.announce({ shop: true });
    return toAdminShop(row);
  }

  async settings(): Promise<ShopSettings> {
    return toSettings(await store.shopRow(this.db));
  }

  /** Cash on delivery's terms now (cached as the delivery terms are). */
  async codTerms(): Promise<CodTerms> {
    return codTermsOf((await this.current()).row);
  }

  /** PUT /admin/api/settings: any of the low-stock threshold, the delivery terms, the rules and COD. */
  async setSettings(update: SettingsUpdate, actor: string): Promise<ShopSettings> {
    const errors: FieldErrors = {};
    const columns: store.ShopChange = {
      ...deliveryColumns(update, errors),
      ...ruleColumns(update, errors),
      ...codColumns(update, errors),
    };
    const threshold = update.lowStockThreshold;
    if (threshold !== undefined) {
      if (threshold < 0 || threshold > LOW_STOCK_MAX)
        errors.lowStockThreshold = `Enter a number of units from 0 to ${LOW_STOCK_MAX.toLocaleString('en-IN')}`;
      columns.low_stock_threshold = threshold;
    }
    if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await store.shopRow(trx, true);
      const after = await store.updateShop(trx, columns);
      await audit(trx, actor, 'settings', auditDetails(before, after));
      return after;
    });
    this.changes.announce({ shop: true });
    return toSettings(row);
  }

  /** The columns a valid change writes; a wrong field throws InvalidFields naming each one. */
  private async checked(change: ShopUpdate, before: store.ShopRow): Promise<store.ShopChange> {
    const errors: FieldErrors = {};
    const columns: store.ShopChange = deliveryColumns(change, errors);
    const text = (field: OneLineField, value: string | null) => {
      const kept = cleared(value);
      if (kept !== null && CONTROL.test(kept))
        errors[field] = 'Write it on one line, without control characters';
      return kept;
    };
    for (const [field, column] of ONE_LINE_FIELDS) {
      const value = change[field];
      if (value !== undefined) columns[column] = text(field, value);
    }
    if (change.footerText !== undefined) {
      // the footer may run to a few lines; other control characters are refused
      const footer = cleared(change.footerText?.replace(/\r\n?/g, '\n') ?? null);
      if (footer !== null && /[^\P{Cc}\n]/u.test(footer))
        errors.footerText = 'Write it without control characters';
      columns.footer_text = footer;
    }
    if (change.legalForm !== undefined) {
      const form = cleared(change.legalForm);
      if (form !== null && !isLegalForm(form))
        errors.legalForm = `Choose one of ${Object.keys(LEGAL_FORMS).join(', ')}`;
      else columns.legal_form = form;
    }
    if (change.officeAddress !== undefined) {
      const lines = (change.officeAddress ?? []).map((line) => line.trim()).filter(Boolean);
      if (lines.some((line) => CONTROL.test(line)))
        errors.officeAddress = 'One line of the address per entry, without control characters';
      columns.office_address = lines;
    }
    if (change.supportEmail !== undefined) {
      const email = cleared(change.supportEmail);
      if (email !== null && !EMAIL.test(email))
        errors.supportEmail = 'Enter an e-mail address, such as help@example.in';
      columns.support_email = email;
    }
    if (change.supportPhone !== undefined) {
      const phone = normalisedPhone(change.supportPhone);
      if (phone === undefined)
        errors.supportPhone =
          'Enter a 10-digit phone number (a landline with its STD code), such as 98300 12345; +91 may go before it';
      else columns.support_phone = phone;
    }
    if (change.logo !== undefined) {
      const logo = cleared(change.logo);
      if (logo !== null && !(PHOTO_NAME.test(logo) && (await productOriginalExists(this.dataDir, logo))))
        errors.logo = `No uploaded photo named "${logo.slice(0, 60)}": upload the logo first`;
      columns.logo = logo;
    }
    const gstinProblemText = this.gstinCheck(change, columns, before);
    if (gstinProblemText) errors[change.gstin !== undefined ? 'gstin' : 'officeAddress'] = gstinProblemText;
    if (change.policies) columns.policies = policiesAfter(change.policies, before.policies);
    if (Object.keys(errors).length > 0) throw new InvalidFields(errors);
    return columns;
  }

  /** The GSTIN's own checks, and its state against the office's when the office's pincode tells it. */
  private gstinCheck(change: ShopUpdate, columns: store.ShopChange, before: store.ShopRow) {
    if (change.gstin !== undefined) columns.gstin = cleared(change.gstin)?.toUpperCase() ?? null;
    const gstin = columns.gstin === undefined ? before.gstin : columns.gstin;
    if (gstin === null || (change.gstin === undefined && change.officeAddress === undefined))
      return undefined;
    const state = officeState(columns.office_address ?? before.office_address);
    return gstinProblem(gstin, state === undefined ? {} : { state });
  }
}

/** 10 digits from what the owner typed (spaces, dashes, +91 or a leading 0 allowed); null clears it. */
function normalisedPhone(value: string | null): string | null | undefined {
  const text = cleared(value);
  if (text === null) return null;
  if (!/^[0-9 ()+-]+$/.test(text)) return undefined;
  const digits = text.replace(/[^0-9]/g, '');
  const national = /^(?:91|0)?([1-9][0-9]{9})$/.exec(digits)?.[1];
  return text.includes('+') && !text.startsWith('+91') ? undefined : national;
}

/** The delivery terms of a change, in paise; out-of-range amounts are field errors. */
function deliveryColumns(
  change: { deliveryCharge?: number; freeDeliveryAbove?: number },
  errors: FieldErrors,
): store.ShopChange {
  const columns: store.ShopChange = {};
  const rupees = (field: 'deliveryCharge' | 'freeDeliveryAbove', value: number | undefined) => {
    if (value === undefined) return undefined;
    const max = SHOP_LIMITS[field];
    if (value < 0 || value > max) errors[field] = `Enter whole rupees from 0 to ${formatRupees(max)}`;
    return value * 100;
  };
  const charge = rupees('deliveryCharge', change.deliveryCharge);
  const freeAbove = rupees('freeDeliveryAbove', change.freeDeliveryAbove);
  if (charge !== undefined) columns.delivery_charge_paise = charge;
  if (freeAbove !== undefined) columns.free_delivery_above_paise = freeAbove;
  return columns;
}

/** The owner's pages after a change: a page set to the spec's text, '' or null shows the spec's text again. */
function policiesAfter(
  change: NonNullable<ShopUpdate['policies']>,
  before: Record<string, string>,
): Record<string, string> {
  const after = { ...before };
  for (const page of POLICY_PAGES) {
    const text = change[page];
    if (text === undefined) continue;
    const kept = text?.replace(/\r\n?/g, '\n') ?? '';
    if (kept.trim() === '' || kept.trim() === DEFAULT_POLICIES[page].trim()) delete after[page];
    else after[page] = kept;
  }
  return after;
}

const toSettings = (row: store.ShopRow): ShopSettings => ({
  lowStockThreshold: row.low_stock_threshold,
  deliveryCharge: row.delivery_charge_paise / 100,
  freeDeliveryAbove: row.free_delivery_above_paise / 100,
  ...rulesOf(row),
  codEnabled: row.cod_enabled,
  codFee: row.cod_fee,
  codMaxOrderValue: row.cod_max_order_value,
  codRtoLimit: row.cod_rto_limit,
});

function toAdminShop(row: store.ShopRow): AdminShop {
  const policies = Object.fromEntries(
    POLICY_PAGES.map((page) => [page, row.policies[page] ?? DEFAULT_POLICIES[page]]),
  ) as AdminShop['policies'];
  return {
    ...publicDetails(row),
    name: row.name,
    logo: row.logo,
    policies,
    changedPolicies: POLICY_PAGES.filter((page) => row.policies[page] !== undefined),
  };
}

/** Records a change that changed something (`shop.set` or `settings.set`), in its transaction. */
async function audit(trx: Db, actor: string, subject: 'shop' | 'settings', details: Record<string, unknown>) {
  if (Object.keys(details).length > 0)
    await recordAudit(trx, { actor, action: `${subject}.set`, subject, details });
}

/** The row as the API names its fields (rupees for money), for the audit log. */
const audited = (row: store.ShopRow): Record<string, unknown> => ({
  ...toSettings(row),
  name: row.name,
  legalName: row.legal_name,
  logo: row.logo,
  gstin: row.gstin,
  officeAddress: row.office_address,
  supportEmail: row.support_email,
  supportPhone: row.support_phone,
  supportHours: row.support_hours,
  about: row.about,
  footerText: row.footer_text,
  pageTitle: row.page_title,
  metaDescription: row.meta_description,
  legalForm: row.legal_form,
});

/**
 * What the audit log keeps of a change: each changed field's old and new value, by its API name (a
 * policy page: its new length). Empty when nothing changed.
 */
function auditDetails(before: store.ShopRow, after: store.ShopRow): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const [old, now] = [audited(before), audited(after)];
  for (const [field, value] of Object.entries(now)) {
    if (JSON.stringify(old[field]) !== JSON.stringify(value))
      details[field] = { old: old[field], new: value };
  }
  for (const page of POLICY_PAGES) {
    const text = after.policies[page];
    if (before.policies[page] !== text)
      details[`policies.${page}`] = text === undefined ? 'the spec’s text' : `${text.length} characters`;
  }
  return details;
}

/**
 * The shop's name, legal name, GSTIN and logo as the database has them now, for what is written inside
 * a transaction and kept (an invoice, an SMS): the caller's transaction sees its own snapshot.
 */
export async function shopOnRecord(db: Db): Promise<ShopIdentity> {
  const row = await store.shopRow(db);
  return { name: row.name ?? DEFAULT_SHOP_NAME, legalName: row.legal_name, gstin: row.gstin, logo: row.logo };
}

/**
 * The rules in force now as an order keeps them (its columns), for the order being placed in the caller's
 * transaction.
 */
export async function rulesOnRecord(db: Db) {
  const row = await store.shopRow(db);
  return {
    return_window_days: row.return_window_days,
    exchange_window_days: row.exchange_window_days,
    free_cancellation_hours: row.free_cancellation_hours,
    cancellation_charge_percent: row.cancellation_charge_percent,
  };
}
