import type { OutstandingResponse } from '../../../../../contract/cod.ts';

type Order = OutstandingResponse['orders'][number];

const DAY_MS = 86_400_000;

/** Whole days since the cash became due (delivered), 0 on the day itself. */
export const daysDue = (deliveredAt: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(deliveredAt)) / DAY_MS));

export interface CourierCash {
  courier: string;
  items: number;
  amountPaise: number;
  /** the oldest delivery whose cash this courier still owes */
  oldestDeliveredAt: string;
}

/** The cash outstanding by the courier that collected it, the most owed first. */
export function byCourier(orders: readonly Order[]): CourierCash[] {
  const couriers = new Map<string, CourierCash>();
  for (const order of orders) {
    for (const line of order.lines) {
      const cash = couriers.get(line.courier) ?? {
        courier: line.courier,
        items: 0,
        amountPaise: 0,
        oldestDeliveredAt: order.deliveredAt,
      };
      cash.items += 1;
      cash.amountPaise += line.amountPaise;
      if (order.deliveredAt < cash.oldestDeliveredAt) cash.oldestDeliveredAt = order.deliveredAt;
      couriers.set(line.courier, cash);
    }
  }
  return [...couriers.values()].sort((a, b) => b.amountPaise - a.amountPaise);
}
