import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { CourierPartner } from '../modules/courier/partner.ts';
import type { PaymentGateway } from '../modules/payments/gateway.ts';
import type { KeyAnswer } from '../modules/setup/service.ts';
import { WatchedSms } from '../platform/sms/watch.ts';
import { ConsoleSmsSender } from './msg91/console.ts';
import { askMsg91Key, Msg91SmsSender } from './msg91/msg91.ts';
import { askRazorpayKeys, RazorpayGateway } from './razorpay/razorpay.ts';
import { SimulatedGateway } from './razorpay/simulated.ts';
import { FakeShiprocket } from './shiprocket/fake.ts';
import { httpTransport, ShiprocketClient } from './shiprocket/shiprocket.ts';

export interface Courier {
  /** undefined: COURIER_PROVIDER=manual, the shop ships by hand */
  partner: CourierPartner | undefined;
  /** the local fake of Shiprocket's API when the partner talks to it (development and tests) */
  fake: FakeShiprocket | undefined;
}

/** The shop's adapters to the services outside it, each the real one or its local stand-in. */
export interface Integrations {
  sms: WatchedSms;
  gateway: PaymentGateway;
  courier: Courier;
}

/** Picks each outside service's adapter from the configuration (docs/decisions/057-outside-services-in-server-integrations.md). */
export function makeIntegrations(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  now: () => Date,
): Integrations {
  return {
    sms:
      config.smsProvider === 'msg91'
        ? new WatchedSms(new Msg91SmsSender(config.msg91, config.smsTemplates), 'MSG91', now)
        : new WatchedSms(new ConsoleSmsSender(log), 'the server log (SMS_PROVIDER=console)', now),
    gateway:
      config.paymentProvider === 'razorpay'
        ? new RazorpayGateway(config.razorpay)
        : new SimulatedGateway(db, config.razorpay.keySecret),
    courier: makeCourier(config, db),
  };
}

/**
 * In production, whether Razorpay and MSG91 take the shop's keys, each asked with a real call (`npm run
 * doctor`); the simulated gateway and the console's log have none to ask.
 */
export function askOutsideServices(config: Config): Promise<KeyAnswer[]> {
  if (config.nodeEnv !== 'production') return Promise.resolve([]);
  return Promise.all([
    ...(config.paymentProvider === 'razorpay' ? [askRazorpayKeys(config.razorpay)] : []),
    ...(config.smsProvider === 'msg91' ? [askMsg91Key(config.msg91)] : []),
  ]);
}

function makeCourier(config: Config, db: Db): Courier {
  if (config.courierProvider === 'manual') return { partner: undefined, fake: undefined };
  const { baseUrl, email, password } = config.shiprocket;
  if (baseUrl !== undefined) {
    return { partner: new ShiprocketClient({ email, password }, httpTransport(baseUrl)), fake: undefined };
  }
  const fake = new FakeShiprocket(db);
  // the fake's labels and manifests, fetched from the fake itself as the rest of its API is
  const files = async (url: string) => {
    const file = await fake.file(url);
    if (!file) throw new Error(`${url} answered 404`);
    return file;
  };
  return { partner: new ShiprocketClient({ email, password }, fake.transport(), undefined, files), fake };
}
