import { type Static, Type } from 'typebox';
import { OtpCode, PersonName, PhoneNumber } from './accounts.ts';

/** The back office's people and their sign-in (docs/decisions/012). */

export const StaffRole = Type.Union([Type.Literal('owner'), Type.Literal('staff')]);
export type StaffRole = Static<typeof StaffRole>;

export const ONLY_THE_OWNER = 'Only the owner can do this';

// POST /admin/api/session/code, POST|GET|DELETE /admin/api/session --------------------------------------

export const StaffCodeBody = Type.Object({ phone: PhoneNumber }, { additionalProperties: false });
export type StaffCodeBody = Static<typeof StaffCodeBody>;

/** the same answer whether or not the number is staff's: a code is sent only to staff */
export const StaffCodeResponse = Type.Object({ sent: Type.Literal(true) });
export type StaffCodeResponse = Static<typeof StaffCodeResponse>;

export const StaffSignInBody = Type.Object(
  { phone: PhoneNumber, code: OtpCode },
  { additionalProperties: false },
);
export type StaffSignInBody = Static<typeof StaffSignInBody>;

/** who is signed in; ADMIN_TOKEN's bearer is `{id: null, name: 'Automation', phone: null, role: 'owner'}` */
export const StaffSession = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  role: StaffRole,
});
export type StaffSession = Static<typeof StaffSession>;

/** 204 of DELETE /admin/api/session and /admin/api/staff/:id */
export const NoContent = Type.Null({ description: 'Done; no body' });

// GET|POST /admin/api/staff, DELETE /admin/api/staff/:id (owner only) ------------------------------------

export const NewStaffBody = Type.Object(
  { name: PersonName, phone: PhoneNumber, role: StaffRole },
  { additionalProperties: false },
);
export type NewStaffBody = Static<typeof NewStaffBody>;

export const StaffMember = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  role: StaffRole,
  createdAt: Type.String(),
});
export type StaffMember = Static<typeof StaffMember>;

/** a person of the list, with how many passkeys they have added */
export const StaffListItem = Type.Object({ ...StaffMember.properties, passkeys: Type.Integer() });
export type StaffListItem = Static<typeof StaffListItem>;

export const StaffList = Type.Object({ staff: Type.Array(StaffListItem) });
export type StaffList = Static<typeof StaffList>;

export const StaffParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type StaffParams = Static<typeof StaffParams>;

// GET /admin/api/activity?before=<id> (owner only) ------------------------------------------------------

export const ACTIVITY_PAGE_SIZE = 50;

export const ActivityQuery = Type.Object(
  { before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })) },
  { additionalProperties: false },
);
export type ActivityQuery = Static<typeof ActivityQuery>;

export const ActivityEntry = Type.Object({
  id: Type.Integer(),
  /** the staff member's name, 'Automation' (ADMIN_TOKEN), 'Command line', or 'Shopper <phone>' */
  who: Type.String(),
  /** e.g. 'staff.add', 'order.ship', 'stock.set' */
  action: Type.String(),
  /** what it was done to, e.g. 'purchase:pur_…', 'staff:3' */
  subject: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown()),
  at: Type.String(),
});
export type ActivityEntry = Static<typeof ActivityEntry>;

/** newest first, ACTIVITY_PAGE_SIZE at a time; `next` is the `before` of the following page */
export const ActivityPage = Type.Object({
  entries: Type.Array(ActivityEntry),
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type ActivityPage = Static<typeof ActivityPage>;
