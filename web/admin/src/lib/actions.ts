/** What the audit log's actions mean, in words; an action not named here shows as it is recorded. */
const ACTIONS: Record<string, string> = {
  'order.paid': 'Order paid',
  'order.ship': 'Shipped',
  'order.deliver': 'Marked delivered',
  'order.cancel': 'Cancelled',
  'return.request': 'Return requested',
  'return.accept': 'Return accepted',
  'return.reject': 'Return rejected',
  'return.receive': 'Return received',
  'refund.processed': 'Refund processed',
  'refund.retry': 'Refund retried',
  'review.hide': 'Review hidden',
  'review.show': 'Review shown',
  'stock.set': 'Stock set',
  'staff.add': 'Staff added',
  'staff.remove': 'Staff removed',
  'staff.sign-in': 'Signed in',
  'staff.sign-out': 'Signed out',
  'passkey.add': 'Passkey added',
  'passkey.remove': 'Passkey removed',
  'seller.create': 'Seller added',
  'seller.update': 'Seller edited',
  'seller.deactivate': 'Seller deactivated',
  'seller.activate': 'Seller activated',
  'partner.create': 'Delivery partner added',
  'partner.update': 'Delivery partner edited',
  'partner.pincodes': 'Pincodes uploaded',
  'partner.all-india': 'Serving all of India',
  'sale.create': 'Sale scheduled',
  'sale.update': 'Sale edited',
  'sale.stop': 'Sale switched off',
  'coupon.create': 'Coupon added',
  'coupon.update': 'Coupon edited',
  'coupon.disable': 'Coupon switched off',
  'size-chart.save': 'Size chart saved',
  'size-chart.delete': 'Size chart deleted',
  'size-chart.import': 'Size charts imported',
};

export const describeAction = (action: string) => ACTIONS[action] ?? action;

/** The details an entry recorded, as `name: value` pairs on one line. */
export const describeDetails = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([name, value]) => `${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('; ');
