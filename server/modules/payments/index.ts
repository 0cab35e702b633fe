import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { PaymentGateway } from './gateway.ts';
import { RazorpayGateway } from './razorpay.ts';
import { SimulatedGateway } from './simulated.ts';

export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  if (config.paymentProvider === 'razorpay') return new RazorpayGateway(config.razorpay);
  return new SimulatedGateway(db, config.razorpay.keySecret);
}
