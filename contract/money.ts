const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹1,299 and ₹1,29,999: Indian digit grouping, whole rupees. */
export function formatRupees(amount: number): string {
  return `₹${rupees.format(amount)}`;
}
