import { type Static, Type } from 'typebox';
import { ErrorResponse } from './errors.ts';

/**
 * Delivery partners as the owner keeps them (decision 030): who carries a product,
 * the tracking page its shipped SMS and timeline link to, and the pincodes it serves, which the
 * shopper's pincode check and create-order follow. Owner only.
 */

export { PINCODE_COLUMN, PROMISE_DAYS, TRACKING_ID } from './partners-constants.ts';

/**
 * A promise's end in business days (PROMISE_DAYS, 1 to 30), or null for none. Any number passes the schema:
 * the service answers a bad one beside its field.
 */
const PromiseDay = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

/** POST /admin/api/partners; field errors answer 400 `{error, fields}` keyed by these names. */
export const PartnerBody = Type.Object(
  {
    /** what products name the partner by: letters, digits and dashes, unique regardless of case */
    code: Type.String({ maxLength: 40 }),
    name: Type.String({ maxLength: 100 }),
    /** the courier's tracking page, https, with `{trackingId}` where the tracking id goes */
    trackingUrl: Type.String({ maxLength: 500 }),
    /** the delivery promise, both or neither (null or left out: the spec's 7 to 10 business days) */
    minDays: PromiseDay,
    maxDays: PromiseDay,
  },
  { additionalProperties: false },
);
export type PartnerBody = Static<typeof PartnerBody>;

/** PUT /admin/api/partners/{code}: the name and tracking page each time (the code stays); days left out are kept. */
export const PartnerChangeBody = Type.Object(
  {
    name: PartnerBody.properties.name,
    trackingUrl: PartnerBody.properties.trackingUrl,
    minDays: PromiseDay,
    maxDays: PromiseDay,
  },
  {
    additionalProperties: false,
    description: 'The name and tracking page replaced; the promise days given replaced',
  },
);
export type PartnerChangeBody = Static<typeof PartnerChangeBody>;

export const Partner = Type.Object({
  code: Type.String(),
  name: Type.String(),
  trackingUrl: Type.Union([Type.String(), Type.Null()]),
  /** how many pincodes it serves */
  pincodes: Type.Integer(),
  /** how many of them it collects cash on delivery at (the pincode CSV's `cod` column Y) */
  codPincodes: Type.Integer(),
  /** its products on sale now */
  activeProducts: Type.Integer(),
  /** the delivery promise in business days; null: the spec's 7 to 10 */
  minDays: Type.Union([Type.Integer(), Type.Null()]),
  maxDays: Type.Union([Type.Integer(), Type.Null()]),
});
export type Partner = Static<typeof Partner>;

export const PartnerList = Type.Object({ partners: Type.Array(Partner) });
export type PartnerList = Static<typeof PartnerList>;

export const PartnerParams = Type.Object({ code: Type.String({ maxLength: 40 }) });

/** POST /admin/api/partners/{code}/pincodes?mode=dry-run|apply (multipart, the CSV in the field `file`) */
export const PincodesQuery = Type.Object(
  { mode: Type.Union([Type.Literal('dry-run'), Type.Literal('apply')]) },
  { additionalProperties: false },
);

/** What a pincode list says, as the catalogue import's report: applied, it is the partner's whole list. */
export const PincodesReport = Type.Object({
  /** data rows read */
  rows: Type.Integer(),
  /** different pincodes the partner would serve */
  pincodes: Type.Integer(),
  /** of those, where it would collect cash on delivery (`cod` Y, or empty, or no `cod` column) */
  codPincodes: Type.Integer(),
  /** `line <n>, column <header>: <message>`; line 1 is the header row */
  errors: Type.Array(Type.String()),
  applied: Type.Boolean(),
});
export type PincodesReport = Static<typeof PincodesReport>;

/** Apply refused: the dry run's report, with the reason; or the upload itself refused, without a report. */
export const PincodesRefused = Type.Union([
  Type.Object({ error: Type.String(), ...PincodesReport.properties }),
  ErrorResponse,
]);
