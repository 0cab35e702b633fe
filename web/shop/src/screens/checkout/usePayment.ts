import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import type {
  CheckOutBody,
  CheckOutResponse,
  CheckoutResult,
  CreateOrderBody,
  CreateOrderResponse,
  ReleaseBody,
  VerifyPaymentBody,
  VerifyPaymentResponse,
} from '../../../../../contract/payments.ts';
import { DEFAULT_SHOP_NAME } from '../../../../../contract/shop-constants.ts';
import type { PurchasePageResponse, UserInfo } from '../../../../../contract/shopping.ts';
import { api, CONNECTION_PROBLEM } from '../../../../shared/api/client.ts';
import { useShop } from '../../../../shared/api/shop.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { failureOf, useErrorPage, useFailure } from '../../api/useFailure.ts';
import { refreshBag } from '../../app/bag.ts';
import { keepPlaced } from '../../lib/placed-order.ts';
import { loadRazorpay } from './razorpay.ts';

const THEME_GREEN = '#1b7340';
export const PAYMENT_FAILED = 'Payment failed. Please try again.';
const CHECKOUT_FAILED_LOG = 'Error occurred while checking out!';

interface Context {
  bag: PurchasePageResponse;
  userInfo: UserInfo;
  /** the server refused the bag as priced (409): show it afresh */
  onBagChanged: () => void;
  onSessionLost: () => void;
}

export interface SimulatedWindow {
  order: CreateOrderResponse;
  onPaid: (result: CheckoutResult) => void;
  onFailed: () => void;
  onClosed: () => void;
}

/**
 * Spec section 4's payment: create the gateway order, open the gateway's window, verify what it hands
 * back, then place the order and go to /orders, which confirms it once. A window closed or failed gives the held units back.
 */
export function usePayment({ bag, userInfo, onBagChanged, onSessionLost }: Context) {
  const shopName = useShop()?.name ?? DEFAULT_SHOP_NAME;
  /** the label of the payment on the gateway's window and receipt */
  const receiptLabel = `${shopName} order`;
  const navigate = useNavigate();
  const fail = useFailure();
  const errorPage = useErrorPage();
  /** the spinner's text while a call runs; '' when idle */
  const [processing, setProcessing] = useState('');
  const [simulated, setSimulated] = useState<CreateOrderResponse>();
  const [notice, setNotice] = useState('');

  const release = (orderId: string) => {
    const body: ReleaseBody = { orderId };
    // an unreleased hold lapses at its heldUntil anyway
    api.post(apiPaths.releasePayment(), body).catch(() => undefined);
  };

  const createOrder = async (): Promise<CreateOrderResponse | undefined> => {
    const units = bag.prods.reduce((sum, line) => sum + line.quantity, 0);
    const body: CreateOrderBody = {
      // what the server priced the bag at, the coupon included (create-order checks it)
      amount: bag.breakdown.amount * 100,
      currency: 'INR',
      // create-order takes 40 characters of it (and keeps none: Razorpay's shape)
      receipt: receiptLabel.slice(0, 40),
      notes: { units },
    };
    try {
      return await api.post<CreateOrderResponse>(apiPaths.createOrder(), body);
    } catch (error) {
      const failure = fail(error, CHECKOUT_FAILED_LOG);
      if (failure?.kind === 'sessionLost') onSessionLost();
      else if (failure) showAlert(failure.kind === 'refused' ? failure.message : CONNECTION_PROBLEM);
      if (failure?.kind === 'refused' && failure.status === 409) onBagChanged();
      return undefined;
    }
  };

  const placeOrder = async (order: CreateOrderResponse, result: CheckoutResult) => {
    setProcessing('Placing your order...');
    const body: CheckOutBody = {
      prods: bag.prods,
      userInfo,
      orderId: order.id,
      razorpay_payment_id: result.razorpay_payment_id,
    };
    try {
      const placed = await api.post<CheckOutResponse>(apiPaths.purchasePage(), body, { key: 'checkOut' });
      if (placed?.refundMessage) showAlert(placed.refundMessage);
      refreshBag();
      keepPlaced(result.razorpay_payment_id);
      navigate(paths.orders());
    } catch (error) {
      setProcessing('');
      const failure = fail(error, CHECKOUT_FAILED_LOG);
      if (failure?.kind === 'sessionLost') onSessionLost();
      // the payment is verified: the webhook or the reconciler places the order, so never offer to pay again
      else if (failure) errorPage(CHECKOUT_FAILED_LOG);
    }
  };

  const paid = async (order: CreateOrderResponse, result: CheckoutResult) => {
    setSimulated(undefined);
    setProcessing('Verifying your payment...');
    const body: VerifyPaymentBody = {
      razorpay_order_id: result.razorpay_order_id,
      razorpay_payment_id: result.razorpay_payment_id,
      razorpay_signature: result.razorpay_signature,
    };
    let verified: VerifyPaymentResponse;
    try {
      verified = await api.post<VerifyPaymentResponse>(apiPaths.verifyPayment(), body);
    } catch (error) {
      setProcessing('');
      if (failureOf(error).kind === 'sessionLost') onSessionLost();
      else showAlert('Error verifying payment');
      return;
    }
    if (verified.status !== 'ok') {
      setProcessing('');
      showAlert('Payment verification failed');
      return;
    }
    await placeOrder(order, result);
  };

  const openRazorpay = async (order: CreateOrderResponse) => {
    try {
      const Razorpay = await loadRazorpay();
      new Razorpay({
        key: order.key,
        amount: order.amount,
        currency: order.currency,
        order_id: order.id,
        name: shopName,
        description: receiptLabel,
        theme: { color: THEME_GREEN },
        prefill: { name: `${userInfo.fname} ${userInfo.lname}`, contact: userInfo.phoneNo },
        handler: (result) => paid(order, result),
        modal: { ondismiss: () => release(order.id) },
      }).open();
    } catch {
      release(order.id);
      showAlert('The payment window could not be opened. Please try again.');
    }
  };

  const checkOut = async () => {
    if (processing || simulated) return;
    setNotice('');
    setProcessing('Processing your payment...');
    const order = await createOrder();
    if (order?.provider === 'razorpay') await openRazorpay(order);
    else if (order) setSimulated(order);
    setProcessing('');
  };

  const simulatedWindow: SimulatedWindow | undefined = simulated && {
    order: simulated,
    onPaid: (result) => paid(simulated, result),
    onFailed: () => {
      setSimulated(undefined);
      release(simulated.id);
      setNotice(PAYMENT_FAILED);
    },
    onClosed: () => {
      setSimulated(undefined);
      release(simulated.id);
    },
  };

  return { processing, notice, checkOut, simulatedWindow };
}
