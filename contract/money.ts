const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹1,299 and ₹1,29,999: Indian digit grouping, whole rupees. */
export function formatRupees(amount: number): string {
  return `₹${rupees.format(amount)}`;
}

const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹1,599 for whole rupees, ₹1,599.50 with the paise otherwise: an amount paid, from integer paise. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? formatRupees(paise / 100) : `₹${withPaise.format(paise / 100)}`;
}
