import type { CheckoutResult } from '../../../../contract/payments.ts';

/** Razorpay's hosted checkout window (the spec's calls: the provider's script loads from its host). */

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayOptions {
  key: string;
  /** paise */
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  theme: { color: string };
  prefill: { name: string; contact: string };
  handler: (result: CheckoutResult) => void;
  modal: { ondismiss: () => void };
}

type RazorpayWindow = new (options: RazorpayOptions) => { open: () => void };

declare global {
  interface Window {
    Razorpay?: RazorpayWindow;
  }
}

let loading: Promise<RazorpayWindow> | undefined;

/** Adds the script once; a failed load is tried again on the next checkout. */
export function loadRazorpay(): Promise<RazorpayWindow> {
  loading ??= new Promise<RazorpayWindow>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not start'));
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay could not be loaded'));
    };
    document.head.append(script);
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
