import { gstinProblem } from '../../../contract/gstin.ts';
import type { SetupAnswer, SetupStep, SetupStepKey } from '../../../contract/setup.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { MESSAGE_KINDS, templateVariable } from '../../platform/sms/templates.ts';
import * as store from './store.ts';

const TITLES: Record<SetupStepKey, string> = {
  shop: 'Shop details',
  seller: 'A seller',
  delivery: 'Delivery',
  product: 'The first product',
  payments: 'Payments',
  sms: 'SMS',
};

/** The back-office screen that fixes each step; payments and SMS are set in the server's environment. */
const LINKS: Record<SetupStepKey, string | null> = {
  shop: '/admin/settings',
  seller: '/admin/sellers',
  delivery: '/admin/delivery',
  product: '/admin/products/new',
  payments: null,
  sms: null,
};

/** The steps read from the shop's rows; payments and SMS are read from the configuration. */
const DATA_STEPS: readonly SetupStepKey[] = ['shop', 'seller', 'delivery', 'product'];

export const REMOVE_DEMO =
  'Remove the demo: its products, sellers and reviews are samples (Dashboard, "Remove the demo")';

const step = (key: SetupStepKey, missing: string[]): SetupStep => ({
  key,
  title: TITLES[key],
  done: missing.length === 0,
  missing,
  link: LINKS[key],
});

const present = (value: string | null) => Boolean(value?.trim());

/** What an outside service answered when `npm run doctor` asked whether the shop's keys work. */
export interface KeyAnswer {
  service: string;
  /** false: `said` is a missing item of "Go live" */
  works: boolean;
  said: string;
}

/** how long the doctor waits for an outside service's answer */
const KEY_CHECK_MS = 10_000;

/**
 * Asks an outside service with the shop's keys (`ask`, with a signal that gives up after KEY_CHECK_MS);
 * `accepted` says what a good answer means, or undefined for a refusal. No answer is a failure too.
 */
export async function askKeys(
  service: string,
  ask: (signal: AbortSignal) => Promise<Response>,
  accepted: (response: Response, body: string) => string | undefined,
): Promise<KeyAnswer> {
  let response: Response;
  try {
    response = await ask(AbortSignal.timeout(KEY_CHECK_MS));
  } catch (error) {
    return { service, works: false, said: `${service} did not answer: ${unanswered(error)}` };
  }
  const body = await response.text().catch(() => '');
  const works = accepted(response, body);
  if (works !== undefined) return { service, works: true, said: `${service} answered: ${works}` };
  return {
    service,
    works: false,
    said: `${service} refused the keys (HTTP ${response.status}): ${refusal(body)}`,
  };
}

function unanswered(error: unknown): string {
  const { name, message, cause } = error as { name?: string; message?: string; cause?: { code?: string } };
  if (name === 'TimeoutError') return `no answer in ${KEY_CHECK_MS / 1000} s`;
  return cause?.code ?? message ?? String(error);
}

/** The service's own words: Razorpay's `error.description`, MSG91's `msg` or `message`, else the text. */
function refusal(body: string): string {
  try {
    const answer = JSON.parse(body) as {
      error?: { description?: string };
      msg?: string;
      message?: string;
    };
    const words = answer.error?.description ?? answer.msg ?? answer.message;
    if (typeof words === 'string') return words;
  } catch {
    // not JSON: its text as it came
  }
  return body.trim().slice(0, 200) || 'no reason given';
}

/** What the shop's rows say: the checklist's data steps, and whether the demo is still there. */
export interface ShopData {
  steps: SetupStep[];
  demo: boolean;
}

/** The owner's setup checklist and "Go live", for the back office and `npm run doctor`. */
export class ShopSetup {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  /** The checklist as this server's configuration and the shop's rows have it. */
  async checklist(): Promise<SetupAnswer> {
    return goLive(this.config, await this.shopData());
  }

  async shopData(): Promise<ShopData> {
    const [details, sellers, partners, products, demo] = await Promise.all([
      store.shopDetails(this.db),
      store.ownSellers(this.db),
      store.ownPartners(this.db),
      store.ownProducts(this.db),
      store.hasDemo(this.db),
    ]);
    return {
      steps: [shopStep(details), sellerStep(sellers), deliveryStep(partners), productStep(products)],
      demo,
    };
  }
}

/** The shop's data as a running shop's checklist answered it (`npm run doctor` beside a PGlite shop). */
export const shopDataOf = (answer: SetupAnswer): ShopData => ({
  steps: answer.steps.filter((s) => DATA_STEPS.includes(s.key)),
  demo: answer.demo,
});

/**
 * "Go live": everything a live shop needs, from `config` (production mode, its https address, live
 * payments, SMS) and the shop's data; the one check of the back office and of `npm run doctor`.
 */
export function goLive(config: Config, data: ShopData): SetupAnswer {
  const steps = [...data.steps, paymentsStep(config), smsStep(config)];
  const missing = [
    ...environmentMissing(config),
    ...steps.flatMap((s) => s.missing),
    ...(data.demo ? [REMOVE_DEMO] : []),
  ];
  return { live: missing.length === 0, steps, goLive: missing, demo: data.demo };
}

function environmentMissing({ nodeEnv, publicUrl }: Config): string[] {
  const missing: string[] = [];
  if (nodeEnv !== 'production') missing.push('Set NODE_ENV=production');
  if (publicUrl === undefined)
    missing.push("Set PUBLIC_URL to the shop's https address, such as https://haat.in");
  else if (!publicUrl.startsWith('https://'))
    missing.push(`Set PUBLIC_URL to an https address (it is ${publicUrl})`);
  return missing;
}

function shopStep(shop: Awaited<ReturnType<typeof store.shopDetails>>): SetupStep {
  const missing: string[] = [];
  if (!present(shop.name)) missing.push("Add your shop's name");
  if (!present(shop.legal_name)) missing.push("Add your shop's legal name");
  if (!shop.gstin) missing.push("Add your shop's GSTIN");
  else {
    const problem = gstinProblem(shop.gstin);
    if (problem) missing.push(`Correct your shop's GSTIN: ${problem}`);
  }
  if (!shop.office_address.some((line) => line.trim()))
    missing.push("Add your shop's registered office address");
  if (!present(shop.support_email)) missing.push("Add your shop's support e-mail");
  return step('shop', missing);
}

type SellerRow = Awaited<ReturnType<typeof store.ownSellers>>[number];

/** What a seller lacks for a tax invoice. */
const sellerLacks = (seller: SellerRow) =>
  [
    !present(seller.legal_name) && 'legal name',
    !present(seller.gstin) && 'GSTIN',
    !present(seller.pan) && 'PAN',
    !(present(seller.address) && present(seller.pincode) && present(seller.state)) &&
      'address with its pincode',
  ].filter((what) => what !== false);

function sellerStep(sellers: SellerRow[]): SetupStep {
  const active = sellers.filter((s) => s.active);
  const [first] = active;
  if (!first) {
    return step('seller', [
      sellers.length
        ? 'Activate one of your sellers, or add a seller'
        : 'Add a seller: the business named on tax invoices, with its legal name, GSTIN, PAN and address',
    ]);
  }
  if (active.some((s) => sellerLacks(s).length === 0)) return step('seller', []);
  return step(
    'seller',
    sellerLacks(first).map((what) => `Add ${first.name}'s ${what}`),
  );
}

function deliveryStep(partners: Awaited<ReturnType<typeof store.ownPartners>>): SetupStep {
  const [first] = partners;
  if (!first) return step('delivery', ['Add a delivery partner']);
  if (partners.some((p) => p.serves)) return step('delivery', []);
  return step('delivery', [`Upload the pincodes ${first.name} delivers to`]);
}

function productStep(products: { any: boolean; live: boolean }): SetupStep {
  if (products.live) return step('product', []);
  if (!products.any) return step('product', ['Add your first product']);
  return step('product', [
    'Put a product on sale: active, in stock, from an active seller, with a delivery partner that serves pincodes',
  ]);
}

function paymentsStep({ paymentProvider, razorpay }: Config): SetupStep {
  const missing: string[] = [];
  if (paymentProvider !== 'razorpay') {
    missing.push(
      "Set PAYMENT_PROVIDER=razorpay, with RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET from Razorpay's dashboard (payments are simulated now)",
    );
  }
  if (!razorpay.keyId.startsWith('rzp_live_'))
    missing.push('Set RAZORPAY_KEY_ID to your live key id (rzp_live_…), not a test key');
  // the simulated gateway fills its own secrets, so only Razorpay's are looked at
  if (paymentProvider === 'razorpay') {
    if (!razorpay.keySecret) missing.push('Set RAZORPAY_KEY_SECRET');
    if (!razorpay.webhookSecret) missing.push('Set RAZORPAY_WEBHOOK_SECRET');
  }
  return step('payments', missing);
}

function smsStep({ smsProvider, msg91, smsTemplates }: Config): SetupStep {
  const missing: string[] = [];
  if (smsProvider !== 'msg91')
    missing.push('Set SMS_PROVIDER=msg91 (messages go to the development outbox now)');
  if (!msg91.authKey) missing.push('Set MSG91_AUTH_KEY');
  if (!msg91.templateId) missing.push("Set MSG91_TEMPLATE_ID (the one-time code's template)");
  if (!msg91.sender) missing.push('Set MSG91_SENDER (your 6-letter DLT sender id)');
  for (const kind of MESSAGE_KINDS) {
    if (!smsTemplates[kind])
      missing.push(`Set ${templateVariable(kind)} (the "${kind.replaceAll('_', ' ')}" SMS's template)`);
  }
  return step('sms', missing);
}
