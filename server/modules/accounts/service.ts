import type { FastifyBaseLogger } from 'fastify';
import type { EditProfileBody, OtpSendResponse, Profile, SignUpRecord } from '../../../contract/accounts.ts';
import {
  CODE_VALID_MINUTES,
  SMS_FAILING,
  VERIFIED_FOR_MINUTES,
} from '../../../contract/accounts-constants.ts';
import { INDIA_STATES, UNKNOWN_STATE_MESSAGE } from '../../../contract/address-constants.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { Customer } from '../../db/schema.ts';
import { hmacHex, oneTimeCode, safeEqual } from '../../platform/crypto.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  InvalidFields,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../platform/errors.ts';
import type { Charge, Limit, RateLimits } from '../../platform/rate-limit.ts';
import type { Session } from '../../platform/sessions.ts';
import type { SmsSender } from '../../platform/sms/sender.ts';
import type { WatchedSms } from '../../platform/sms/watch.ts';
import { pincodePlace } from '../delivery/service.ts';
import { type CodeRoute, FloodWatch, isRefusal, type LimitReason, maskedPhone } from './flood-watch.ts';
import * as store from './store.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const CODE_VALID_MS = CODE_VALID_MINUTES * MINUTE;
export const RESEND_AFTER_S = 30;
export const MAX_ATTEMPTS = 5;
/**
 * Codes one network may have sent to one phone in an hour: counted per network, so a stranger who asks
 * for someone else's number uses up only their own share.
 */
export const PHONE_ADDRESS_HOURLY_LIMIT = 5;
/**
 * Codes one phone may be sent in an hour from all networks together, so that many networks cannot flood
 * a number with paid SMS. Strangers can fill it, so it counts only requests from browsers that have not
 * signed in with the phone: the phone's owner asks on their browser's allowance, which it never touches.
 */
export const PHONE_HOURLY_CEILING = 4 * PHONE_ADDRESS_HOURLY_LIMIT;
/** Codes a browser that has signed in with a phone may ask for it in an hour, from any network. */
export const ALLOWANCE_HOURLY_LIMIT = 5;
/** How long a browser keeps its allowance for a phone after it last signed in with it. */
export const ALLOWANCE_DAYS = 180;
/**
 * `key=phone`/`key=mail` checks one browser may make in an hour: a shopper's sign-up makes a few, a script
 * enumerating customers makes hundreds (a new browser is cheap, so the network is capped too).
 */
export const CHECKS_PER_BROWSER_HOURLY = 30;
export const VERIFIED_FOR_MS = VERIFIED_FOR_MINUTES * MINUTE;

export const PHONE_TAKEN = 'Phone number is already registered';
export const MAIL_TAKEN = 'Mail id is already registered, try with different mail id';
export const PHONE_NOT_REGISTERED = 'Phone number is not registered!';
export const INCORRECT_OTP = 'Incorrect OTP';

export interface AccountsDeps {
  db: Db;
  /** the SMS provider; while it is failing, no code is tried (503) */
  sms: WatchedSms;
  /** key of the codes' HMAC */
  secret: string;
  /** codes one network may request, and registration checks it may make, per hour */
  addressHourlyLimit: number;
  /** SMS the shop may send shoppers per hour and per day */
  smsBudget: Config['smsBudget'];
  /** the percentage of smsBudget that numbers with no account may use */
  unknownShare: number;
  /** the percentage of that share one network may use */
  unknownNetworkShare: number;
  /** the back office's sign-in codes, apart from shoppers' */
  staffSmsBudget: Config['staffSmsBudget'];
  limits: RateLimits;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  /** counts a request a limit held back, by route and reason (the metrics) */
  onHeld: (route: CodeRoute, reason: LimitReason) => void;
}

/** Who asks: a browser (its cookie's id) from a network (see `networkKey`). */
export interface Asker {
  browserId: string;
  network: string;
}

export interface LoggedIn {
  customerId: number;
  fname: string;
  /** the account's phone, which the browser has now signed in with */
  phone: string;
}

/** What a verified code lets the session do: log in or sign up with the phone until then. */
export interface Verified {
  verifiedPhone: string;
  verifiedUntil: Date;
}

/** One of the shop's SMS budgets, and how much of it the last hour or day has used. */
export interface BudgetUse {
  budget: string;
  used: number;
  max: number;
}

/** A shop-wide budget and the reason a refusal by it is noted under. */
interface BudgetStage {
  charges: Charge[];
  reason: LimitReason;
}

/** A code stored and ready to send (with the budget events counted for it), or the limit that held it back. */
type Claim = { id: number; code: string; counted: number[] } | Held;
type Held = { held: LimitReason; refusal: AppError };

/** Accounts: one-time codes by SMS, sign-up and login for the phone a session verified, the profile. */
export class AccountsService {
  private readonly checksByBrowser: Limit;
  private readonly checksByAddress: Limit;
  private readonly smsBudget: Charge[];
  private readonly unknownBudget: Charge[];
  private readonly unknownNetworkMax: { hourly: number; daily: number };
  private readonly staffBudget: Charge[];
  private readonly floods: FloodWatch;

  constructor(private readonly deps: AccountsDeps) {
    this.checksByBrowser = hourly('signup-check:browser', CHECKS_PER_BROWSER_HOURLY, CHECKS_REFUSED);
    this.checksByAddress = hourly('signup-check:address', deps.addressHourlyLimit, CHECKS_REFUSED);
    const { hourly: perHour, daily: perDay } = deps.smsBudget;
    const unknown = { hourly: share(perHour, deps.unknownShare), daily: share(perDay, deps.unknownShare) };
    this.smsBudget = budget('sms', perHour, perDay);
    this.unknownBudget = budget('sms:unknown', unknown.hourly, unknown.daily);
    this.unknownNetworkMax = {
      hourly: share(unknown.hourly, deps.unknownNetworkShare),
      daily: share(unknown.daily, deps.unknownNetworkShare),
    };
    this.staffBudget = budget('sms:staff', deps.staffSmsBudget.hourly, deps.staffSmsBudget.daily);
    this.floods = new FloodWatch(deps.log, deps.onHeld, deps.now);
  }

  /**
   * Sends a shopper a new code, unless a limit holds it back (429, storing and sending nothing). A number
   * with no account draws on a smaller share of the budget, of which each network gets a small part, so a
   * flood of random numbers (SMS pumping) spends only that share and only from many networks.
   */
  async sendCode(phone: string, asker: Asker): Promise<OtpSendResponse> {
    this.refuseWhileSmsFails();
    const registered = await store.phoneRegistered(this.deps.db, phone);
    const budgets: BudgetStage[] = [{ charges: this.smsBudget, reason: 'budget' }];
    if (!registered) {
      budgets.push(
        { charges: this.unknownBudget, reason: 'unknown-share' },
        { charges: this.unknownNetworkBudget(asker.network), reason: 'unknown-network' },
      );
    }
    const claim = await this.claim('shopper', phone, asker, budgets);
    if (!(await this.deliver(claim, phone))) {
      throw new AppError(502, 'Could not send the OTP right now, please try again in a moment');
    }
    return { sent: true, resendAfter: RESEND_AFTER_S };
  }

  /**
   * The back office's code: its own limits and budget, apart from shoppers'. Every number is counted
   * alike, a code stored for it too, so the answer (the caller's `{sent: true}` or the same 429) and its
   * time tell nobody whether the number is staff's; only a staff phone's code is sent, after the answer
   * (a gateway's latency would tell it apart).
   */
  async sendStaffCode(phone: string, asker: Asker, isStaff: () => Promise<boolean>): Promise<void> {
    this.refuseWhileSmsFails();
    const staff = await isStaff();
    const claim = await this.claim('staff', phone, asker, [{ charges: this.staffBudget, reason: 'budget' }]);
    if (!staff) return;
    // past the watch: a staff code's fate must not change what a later answer says (a failing provider's
    // 503), or that answer would tell a staff number from another
    this.deliver(claim, phone, this.deps.sms.sender).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'staff sign-in code not sent');
    });
  }

  /**
   * While the SMS provider is failing, every code request is refused at once with the same 503, before
   * any number is looked at: nobody waits for a code that is not coming, and no answer tells one number
   * (a staff phone's) from another.
   */
  private refuseWhileSmsFails(): void {
    if (this.deps.sms.failing()) throw new AppError(503, SMS_FAILING);
  }

  /** Whose SMS provider is failing, for the Dashboard: null while it sends. */
  failingSmsProvider(): string | null {
    return this.deps.sms.failing() ? this.deps.sms.provider : null;
  }

  /**
   * Notes that the browser has signed in with the phone: from now on it has a code allowance of its own
   * for it (shoppers at login or sign-up, staff at a back-office sign-in by code or passkey).
   */
  async rememberSignIn(
    purpose: store.CodePurpose,
    browserId: string | undefined,
    phone: string,
  ): Promise<void> {
    if (!browserId) return;
    await store.rememberBrowser(this.deps.db, purpose, browserId, phone, this.deps.now());
  }

  /** Codes older than every limit that counts them, of phones that never asked again. */
  sweepCodes(): Promise<number> {
    return store.deleteAllCodesBefore(this.deps.db, new Date(this.deps.now().getTime() - HOUR));
  }

  /** Browsers that have not signed in for ALLOWANCE_DAYS: their allowances lapse. */
  sweepSignedInBrowsers(): Promise<number> {
    return store.forgetBrowsersBefore(this.deps.db, this.allowanceSince());
  }

  /**
   * Checks the latest code this browser asked for the phone; answers what the session may then do with the
   * phone (the caller starts a new session for it). Every refusal reads 'Incorrect OTP', as the contract
   * says: a wrong, expired, used or exhausted code is told apart in the log only.
   */
  async verifyCode(browserId: string, phone: string, code: string): Promise<Verified> {
    await this.checkCode('shopper', phone, code, browserId);
    return { verifiedPhone: phone, verifiedUntil: new Date(this.deps.now().getTime() + VERIFIED_FOR_MS) };
  }

  /**
   * Uses up the latest code of `purpose` that the browser asked for the phone, if `code` is it: what every
   * sign-in by code shares (shoppers here, staff in the back office). Any refusal is a 401 'Incorrect OTP'.
   */
  async checkCode(purpose: store.CodePurpose, phone: string, code: string, browserId: string): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.now();
    const latest = await store.latestCode(db, purpose, phone, browserId);
    const refuse = (why: string) => {
      this.deps.log.info({ why }, 'one-time code refused');
      return unauthorized(INCORRECT_OTP);
    };
    if (!latest || latest.consumed_at || new Date(latest.expires_at) <= now) throw refuse('expired or used');
    const attempt = await store.claimAttempt(db, latest.id, MAX_ATTEMPTS, now);
    if (!attempt) throw refuse('too many tries');
    if (!safeEqual(this.hash(phone, code), attempt.code_hash)) throw refuse('wrong code');
    if (!(await store.consumeCode(db, latest.id, now))) throw refuse('used meanwhile');
  }

  /** Each SMS budget's use in its window: the owner is told when one passes half. */
  async budgetUse(): Promise<BudgetUse[]> {
    const named: [string, Charge[]][] = [
      ['shop', this.smsBudget],
      ['unknown', this.unknownBudget],
      ['staff', this.staffBudget],
    ];
    return Promise.all(
      named.flatMap(([name, charges]) =>
        charges.map(async (charge) => ({
          budget: `${name}:${charge.limit.windowMs === DAY ? 'day' : 'hour'}`,
          used: await this.deps.limits.used(charge),
          max: charge.limit.max,
        })),
      ),
    );
  }

  /** Whether a phone is registered: counted per browser and per address, so customers cannot be listed. */
  async isPhoneRegistered(asker: Asker, phone: string): Promise<boolean> {
    await this.countCheck(asker);
    return store.phoneRegistered(this.deps.db, phone);
  }

  /** Whether an e-mail is registered, counted as `isPhoneRegistered` is. */
  async isMailRegistered(asker: Asker, mail: string): Promise<boolean> {
    await this.countCheck(asker);
    return store.emailRegistered(this.deps.db, mail);
  }

  /** Creates the account of the phone this session verified; the caller then logs the session in. */
  async signUp(session: Session | null, record: SignUpRecord): Promise<LoggedIn> {
    const { db } = this.deps;
    this.requireVerified(session, record.phone);
    if (await store.phoneRegistered(db, record.phone)) throw conflict(PHONE_TAKEN);
    if (await store.emailRegistered(db, record.mail)) throw conflict(MAIL_TAKEN);
    const customer = {
      phone: record.phone,
      email: record.mail,
      fname: record.fname.trim(),
      lname: record.lname.trim(),
    };
    try {
      const customerId = await store.insertCustomer(db, customer);
      return { customerId, fname: customer.fname, phone: customer.phone };
    } catch (error) {
      // a twin request registered the same phone or mail in between
      if ((error as { code?: string }).code !== '23505') throw error;
      throw conflict((await store.phoneRegistered(db, record.phone)) ? PHONE_TAKEN : MAIL_TAKEN);
    }
  }

  /** The customer of the phone this session verified; the caller then logs the session in. */
  async login(session: Session | null, phone: string): Promise<LoggedIn> {
    this.requireVerified(session, phone);
    const customer = await store.findCustomerByPhone(this.deps.db, phone);
    if (!customer) throw notFound(PHONE_NOT_REGISTERED);
    return { customerId: customer.id, fname: customer.fname, phone };
  }

  async profile(customerId: number): Promise<Profile> {
    return toProfile(await this.customer(customerId));
  }

  async editProfile(customerId: number, edit: EditProfileBody): Promise<Profile> {
    const current = await this.customer(customerId);
    if (edit.mailID !== undefined && edit.mailID.trim().toLowerCase() !== current.email.toLowerCase()) {
      throw badRequest('mailID cannot be changed');
    }
    if (edit.phoneNo !== undefined && edit.phoneNo.trim() !== current.phone) {
      throw badRequest('phoneNo cannot be changed');
    }
    const state = await this.addressState(edit, current);
    await store.updateCustomer(this.deps.db, customerId, { ...profileUpdate(edit), state }, this.deps.now());
    return this.profile(customerId);
  }

  /** The State chosen, or the pincode's when none is (decision 035). */
  private async addressState(edit: EditProfileBody, current: Customer): Promise<string | null> {
    const chosen = edit.state?.trim();
    if (chosen) {
      if (!INDIA_STATES.includes(chosen)) throw new InvalidFields({ state: UNKNOWN_STATE_MESSAGE });
      return chosen;
    }
    const pin = edit.pin === undefined ? current.pin : orNull(edit.pin);
    return pin ? ((await pincodePlace(this.deps.db, pin))?.state ?? null) : null;
  }

  private async customer(customerId: number): Promise<Customer> {
    const customer = await store.findCustomerById(this.deps.db, customerId);
    if (!customer) throw forbidden('Please log in to continue');
    return customer;
  }

  private requireVerified(session: Session | null, phone: string): void {
    const until = session?.verifiedUntil?.getTime() ?? 0;
    if (session?.verifiedPhone !== phone || until <= this.deps.now().getTime()) {
      throw unauthorized('Please verify this phone number with an OTP first');
    }
  }

  /** The budgets more than half used: the owner is told in the back office before codes are refused. */
  async budgetsPastHalf(): Promise<BudgetUse[]> {
    return (await this.budgetUse()).filter(({ used, max }) => used * 2 > max);
  }

  private countCheck({ browserId, network }: Asker): Promise<void> {
    return this.deps.limits.take([
      { limit: this.checksByBrowser, subject: browserId },
      { limit: this.checksByAddress, subject: network },
    ]);
  }

  /** The unknown-number share's part that one network may use. */
  private unknownNetworkBudget(network: string): Charge[] {
    const { hourly: perHour, daily: perDay } = this.unknownNetworkMax;
    return budget('sms:unknown-network', perHour, perDay).map((charge) => ({ ...charge, subject: network }));
  }

  private allowanceSince(): Date {
    return new Date(this.deps.now().getTime() - ALLOWANCE_DAYS * DAY);
  }

  /**
   * Stores a new code of `purpose` for the phone and counts it in `budgets`, or throws the limit that holds
   * it back (noted; nothing stored, nothing counted). Checked and counted in one transaction, under locks
   * of the phone, the network and each budget, so requests at once never pass a limit together.
   */
  private async claim(purpose: store.CodePurpose, phone: string, asker: Asker, budgets: BudgetStage[]) {
    const { db, limits } = this.deps;
    const now = this.deps.now();
    const code = oneTimeCode();
    const claim: Claim = await db.transaction().execute(async (trx) => {
      await store.lockPhoneAndNetwork(trx, purpose, phone, asker.network);
      await store.deleteCodesBefore(trx, phone, new Date(now.getTime() - HOUR));
      const allowance =
        asker.browserId !== '' &&
        (await store.hasSignedIn(trx, purpose, asker.browserId, phone, this.allowanceSince()));
      const counts = await store.sendCounts(
        trx,
        purpose,
        { phone, ...asker },
        new Date(now.getTime() - HOUR),
      );
      // returned, not thrown, so that the clean-up above commits
      const held = allowance ? allowanceHeld(counts, now) : this.othersHeld(counts, now);
      if (held) return held;
      const counted: number[] = [];
      for (const { charges, reason } of budgets) {
        // an allowance is counted in the budget, never refused by it
        if (allowance) {
          counted.push(...(await limits.count(trx, charges)));
          continue;
        }
        try {
          counted.push(...(await limits.takeWithin(trx, charges)));
        } catch (error) {
          if (!isRefusal(error)) throw error;
          await limits.uncount(trx, counted);
          return { held: reason, refusal: error };
        }
      }
      const id = await store.insertCode(trx, {
        purpose,
        phone,
        codeHash: this.hash(phone, code),
        network: asker.network,
        browserId: asker.browserId,
        allowance,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_VALID_MS),
      });
      return { id, code, counted };
    });
    if ('held' in claim) {
      const byNetwork: LimitReason[] = ['address', 'unknown-network'];
      const budgetWide: LimitReason[] = ['budget', 'unknown-share'];
      const subject = byNetwork.includes(claim.held)
        ? asker.network
        : budgetWide.includes(claim.held)
          ? 'shop'
          : maskedPhone(phone);
      this.floods.held(purpose, claim.held, subject, claim.refusal);
      throw claim.refusal;
    }
    return claim;
  }

  /**
   * Sends a claimed code; false when the SMS failed, which leaves no valid code and takes back what the
   * budgets counted for it.
   */
  private async deliver(
    claimed: { id: number; code: string; counted: number[] },
    phone: string,
    sms: SmsSender = this.deps.sms,
  ) {
    const { db, limits, log } = this.deps;
    try {
      await sms.sendOtp(phone, claimed.code);
      return true;
    } catch (error) {
      // never received: the code must neither stay valid nor count against the limits
      await store.deleteCode(db, claimed.id);
      await limits.uncount(db, claimed.counted);
      log.error({ err: error }, 'one-time code SMS not sent');
      return false;
    }
  }

  /**
   * The first limit a request from a browser without an allowance for the phone would break: per phone
   * and browser, per phone and network, the phone's ceiling, the network's hourly count.
   */
  private othersHeld(counts: store.SendCounts, now: Date): Held | undefined {
    const newest = Math.max(
      counts.phoneBrowser.newest?.getTime() ?? 0,
      counts.phoneNetwork.newest?.getTime() ?? 0,
    );
    const wait = newest + RESEND_AFTER_S * SECOND - now.getTime();
    if (wait > 0) return { held: 'resend', refusal: throttled(RESEND_WAIT, wait) };
    const here = usedUp(counts.phoneNetwork, PHONE_ADDRESS_HOURLY_LIMIT, now);
    if (here !== undefined) return { held: 'phone-network', refusal: throttled(PHONE_CAPPED, here) };
    const anywhere = usedUp(counts.phone, PHONE_HOURLY_CEILING, now);
    if (anywhere !== undefined) return { held: 'phone', refusal: throttled(PHONE_CAPPED, anywhere) };
    const network = usedUp(counts.network, this.deps.addressHourlyLimit, now);
    if (network !== undefined) return { held: 'address', refusal: throttled(ADDRESS_CAPPED, network) };
    return undefined;
  }

  private hash(phone: string, code: string): string {
    return hmacHex(this.deps.secret, `otp:${phone}:${code}`);
  }
}

/** What holds back a browser's code on its own allowance: its 30 s wait and its hourly count, nothing else. */
function allowanceHeld(counts: store.SendCounts, now: Date): Held | undefined {
  const { phoneBrowser } = counts;
  const wait = (phoneBrowser.newest?.getTime() ?? 0) + RESEND_AFTER_S * SECOND - now.getTime();
  if (wait > 0) return { held: 'resend', refusal: throttled(RESEND_WAIT, wait) };
  const full = usedUp(phoneBrowser, ALLOWANCE_HOURLY_LIMIT, now);
  if (full !== undefined) return { held: 'allowance', refusal: throttled(PHONE_CAPPED, full) };
  return undefined;
}

const share = (max: number, percent: number) => Math.max(1, Math.floor((max * percent) / 100));

const RESEND_WAIT = 'Please wait before requesting another OTP';
const PHONE_CAPPED = 'Too many OTPs requested for this number, please try again later';
const ADDRESS_CAPPED = 'Too many OTPs requested from your network, please try again later';
const SMS_BUDGET_SPENT = 'We cannot send OTPs right now, please try again later';
const CHECKS_REFUSED = 'Too many checks, please try again later';

const throttled = (message: string, waitMs: number) => tooManyRequests(message, waitMs / SECOND);

const hourly = (bucket: string, max: number, message: string): Limit => ({
  bucket,
  max,
  windowMs: HOUR,
  message,
});

/** A shop-wide SMS budget: `perHour` and `perDay` sends, counted under `name`. */
const budget = (name: string, perHour: number, perDay: number): Charge[] => [
  { limit: hourly(`${name}:hour`, perHour, SMS_BUDGET_SPENT), subject: '' },
  { limit: { bucket: `${name}:day`, max: perDay, windowMs: DAY, message: SMS_BUDGET_SPENT }, subject: '' },
];

/** How long until a send counted in `sends` leaves the hour, when `max` of them are there already. */
function usedUp(sends: store.RecentSends, max: number, now: Date): number | undefined {
  if (sends.count < max || !sends.oldest) return undefined;
  return sends.oldest.getTime() + HOUR - now.getTime();
}

const orEmpty = (value: string | null) => value ?? '';
/** '' or null clears; undefined leaves the column as it is */
const orNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

function toProfile(customer: Customer): Profile {
  return {
    fname: customer.fname,
    lname: customer.lname,
    gender: customer.gender ?? '',
    mailID: customer.email,
    phoneNo: customer.phone,
    houseNo: orEmpty(customer.house_no),
    roadName: orEmpty(customer.road_name),
    areaName: orEmpty(customer.area_name),
    postOffice: orEmpty(customer.post_office),
    city: orEmpty(customer.city),
    pin: orEmpty(customer.pin),
    state: orEmpty(customer.state),
    altPhoneNumber: orEmpty(customer.alt_phone),
    smsUpdates: customer.sms_updates,
  };
}

/** Kysely leaves out the undefined fields: they keep their values. */
function profileUpdate(edit: EditProfileBody): store.ProfileUpdate {
  return {
    fname: edit.fname.trim(),
    lname: edit.lname.trim(),
    gender: edit.gender === undefined ? undefined : edit.gender || null,
    house_no: orNull(edit.houseNo),
    road_name: orNull(edit.roadName),
    area_name: orNull(edit.areaName),
    post_office: orNull(edit.postOffice),
    city: orNull(edit.city),
    pin: orNull(edit.pin),
    alt_phone: orNull(edit.altPhoneNumber),
    sms_updates: edit.smsUpdates,
  };
}
