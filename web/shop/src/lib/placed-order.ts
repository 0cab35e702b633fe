/**
 * The payment whose order the orders page confirms, once: kept by the payment step in sessionStorage
 * (not router state, which a reload brings back) and forgotten as soon as the page has read it.
 */
const PLACED_KEY = 'placedPayment';

export function keepPlaced(paymentId: string): void {
  try {
    sessionStorage.setItem(PLACED_KEY, paymentId);
  } catch {
    // blocked storage: the orders page lists the order without the confirmation
  }
}

/** The payment to confirm, or '' when there is none (read it once: forgetPlaced follows). */
export function placedPayment(): string {
  try {
    return sessionStorage.getItem(PLACED_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetPlaced(): void {
  try {
    sessionStorage.removeItem(PLACED_KEY);
  } catch {
    // nothing was kept
  }
}
