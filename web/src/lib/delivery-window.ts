/** Spec section 9: delivery takes 7-10 business days, and Sundays are not business days. */
export const DELIVERY_DAYS = { from: 7, to: 10 } as const;

const SUNDAY = 0;

/** The date `days` business days after `start` (Sundays skipped). */
export function addBusinessDays(start: Date, days: number): Date {
  const date = new Date(start.getFullYear(), start.getMonth(), start.getDate());
  let left = days;
  while (left > 0) {
    date.setDate(date.getDate() + 1);
    if (date.getDay() !== SUNDAY) left -= 1;
  }
  return date;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });

/** "Tue, 1 Dec - Fri, 4 Dec": the window as dates the shopper can plan with. */
export function deliveryWindow(today: Date): string {
  const from = addBusinessDays(today, DELIVERY_DAYS.from);
  const to = addBusinessDays(today, DELIVERY_DAYS.to);
  return `${dayFormat.format(from)} - ${dayFormat.format(to)}`;
}

/** "Fri, 4 Dec": the window's last day, the date the shopper is promised the parcel by. */
export function deliveryBy(today: Date): string {
  return dayFormat.format(addBusinessDays(today, DELIVERY_DAYS.to));
}
