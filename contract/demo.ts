import { type Static, Type } from 'typebox';

/** The demo catalogue a shop starts with in development, and its removal (decision 029). */

// POST /admin/api/demo/remove (owner only) --------------------------------------------------------------

const Count = Type.Integer({ minimum: 0 });

/** What the removal took away; all zeros when there was no demo left. */
export const DemoRemoved = Type.Object({
  removed: Type.Object({
    products: Count,
    sellers: Count,
    partners: Count,
    customers: Count,
    reviews: Count,
    /** product and review photos no longer served */
    photos: Count,
  }),
});
export type DemoRemoved = Static<typeof DemoRemoved>;

/** 409 once a shopper has ordered: the demo stays (the order's lines and invoices name its rows). */
export const DEMO_HAS_ORDERS =
  'The shop has real orders now, so the demo can no longer be removed: withdraw its products instead';
