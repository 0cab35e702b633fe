import { type Static, Type } from 'typebox';
import { ErrorResponse } from './errors.ts';

/**
 * Delivery partners as the owner keeps them (decision 030): who carries a product,
 * the tracking page its shipped SMS and timeline link to, and the pincodes it serves, which the
 * shopper's pincode check and create-order follow. Owner only.
 */

export { PINCODE_COLUMN, TRACKING_ID } from './partners-constants.ts';

/** POST /admin/api/partners; field errors answer 400 `{error, fields}` keyed by these names. */
export const PartnerBody = Type.Object(
  {
    /** what products name the partner by: letters, digits and dashes, unique regardless of case */
    code: Type.String({ maxLength: 40 }),
    name: Type.String({ maxLength: 100 }),
    /** the courier's tracking page, https, with `{trackingId}` where the tracking id goes */
    trackingUrl: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type PartnerBody = Static<typeof PartnerBody>;

/** PUT /admin/api/partners/{code}: both fields each time (the code stays). */
export const PartnerChangeBody = Type.Object(
  { name: PartnerBody.properties.name, trackingUrl: PartnerBody.properties.trackingUrl },
  { additionalProperties: false, description: 'The name and tracking page, both replaced' },
);
export type PartnerChangeBody = Static<typeof PartnerChangeBody>;

export const Partner = Type.Object({
  code: Type.String(),
  name: Type.String(),
  trackingUrl: Type.Union([Type.String(), Type.Null()]),
  /** how many pincodes it serves */
  pincodes: Type.Integer(),
  /** its products on sale now */
  activeProducts: Type.Integer(),
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
