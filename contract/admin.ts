import { type Static, Type } from 'typebox';
import { Prod } from './catalog.ts';
import { LineStatus } from './orders.ts';

export const SetStockBody = Type.Object(
  {
    // ids are 32-bit in the database: a larger one is bad input, not a failed query
    productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    /** '' for accessories, which come in one size */
    size: Type.String({ maxLength: 20 }),
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type SetStockBody = Static<typeof SetStockBody>;

export const SetStockResponse = Type.Object({
  productId: Type.Integer(),
  size: Type.String(),
  stock: Type.Integer(),
});
export type SetStockResponse = Static<typeof SetStockResponse>;

// Orders (issue 6): every call answers the line as the back office sees it -------------------------------

const PurchaseId = Type.String({ minLength: 1, maxLength: 40 });

export const PurchaseParams = Type.Object({ purchaseId: PurchaseId });
export type PurchaseParams = Static<typeof PurchaseParams>;

export const ADMIN_ORDERS_PAGE_SIZE = 200;

/**
 * GET /admin/api/orders: lines newest first, ADMIN_ORDERS_PAGE_SIZE at a time; `status` keeps lines in
 * that state; `before` (a purchaseId, the previous page's `next`) continues after that line.
 */
export const AdminOrdersQuery = Type.Object(
  { status: Type.Optional(LineStatus), before: Type.Optional(PurchaseId) },
  { additionalProperties: false },
);
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>;

const Timestamp = Type.String();

export const AdminOrderLine = Type.Object({
  purchaseId: Type.String(),
  orderId: Type.Integer(),
  placedAt: Timestamp,
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() }),
  product: Type.Object({ id: Type.Integer(), name: Type.String(), prod: Prod }),
  size: Type.String(),
  quantity: Type.Integer(),
  /** rupees, one unit as paid */
  unitPrice: Type.Integer(),
  status: LineStatus,
  trackingId: Type.Union([Type.String(), Type.Null()]),
  shippedAt: Type.Union([Timestamp, Type.Null()]),
  deliveredAt: Type.Union([Timestamp, Type.Null()]),
  cancelledAt: Type.Union([Timestamp, Type.Null()]),
  /** the order's shipping address, as checkout took it */
  address: Type.Record(Type.String(), Type.String()),
  /** accepted: null until decided */
  return: Type.Union([
    Type.Object({
      reason: Type.String(),
      requestedAt: Timestamp,
      accepted: Type.Union([Type.Boolean(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** money sent back for this line, oldest first; amount in rupees */
  refunds: Type.Array(
    Type.Object({
      amount: Type.Integer(),
      reason: Type.String(),
      status: Type.Union([Type.Literal('pending'), Type.Literal('processed'), Type.Literal('failed')]),
    }),
  ),
});
export type AdminOrderLine = Static<typeof AdminOrderLine>;

/** next: the `before` of the following page, null on the last one */
export const AdminOrdersResponse = Type.Object({
  lines: Type.Array(AdminOrderLine),
  next: Type.Union([PurchaseId, Type.Null()]),
});
export type AdminOrdersResponse = Static<typeof AdminOrdersResponse>;

/** POST /admin/api/orders/{purchaseId}/ship: placed -> shipped */
export const ShipBody = Type.Object(
  { trackingId: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);
export type ShipBody = Static<typeof ShipBody>;

/**
 * POST /admin/api/returns/{purchaseId}: return_requested -> returning (accept) or return_rejected.
 * POST /admin/api/returns/{purchaseId}/receive (no body): returning -> returned, refunding the line's price.
 * POST /admin/api/orders/{purchaseId}/deliver (no body): shipped -> delivered, opening the return window.
 * Unknown purchaseId 404; a line in the wrong state 409.
 */
export const ReturnDecisionBody = Type.Object({ accept: Type.Boolean() }, { additionalProperties: false });
export type ReturnDecisionBody = Static<typeof ReturnDecisionBody>;
