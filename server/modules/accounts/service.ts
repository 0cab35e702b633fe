import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EditProfileBody, OtpSendResponse, Profile, SignUpRecord } from '../../../contract/accounts.ts';
import { VERIFIED_FOR_MINUTES } from '../../../contract/accounts-constants.ts';
import { INDIA_STATES, UNKNOWN_STATE_MESSAGE } from '../../../contract/address-constants.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { Customer } from '../../db/schema.ts';
import { hmacHex, safeEqual } from '../../platform/crypto.ts';
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
import type { Session, Sessions } from '../../platform/sessions.ts';
import type { SmsSender } from '../../platform/sms/sender.ts';
import { pincodePlace } from '../delivery/service.ts';
import { type CodeRoute, FloodWatch, isRefusal, type LimitReason, maskedPhone } from './flood-watch.ts';
import * as store from './store.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const CODE_VALID_MS = 5 * MINUTE;
export const RESEND_AFTER_S = 30;
export const MAX_ATTEMPTS = 5;
/**
 * Codes one client address may have sent to one phone in an hour: counted per address, so a stranger who
 * asks for someone else's number uses up only their own share and the owner can still log in.
 */
export const PHONE_ADDRESS_HOURLY_LIMIT = 5;
/**
 * Codes one phone may be sent in an hour from all addresses together, so that many addresses cannot flood
 * a number with paid SMS. Four times an address's share, so no single network reaches it: the owner is
 * locked out only when strangers on four networks gang up, and then for at most the hour (see
 * docs/decisions for why it stays).
 */
export const PHONE_HOURLY_CEILING = 4 * PHONE_ADDRESS_HOURLY_LIMIT;
/**
 * `key=phone`/`key=mail` checks one browser may make in an hour: a shopper's sign-up makes a few, a script
 * enumerating customers makes hundreds (a new browser is cheap, so the client address is capped too).
 */
export const CHECKS_PER_BROWSER_HOURLY = 30;
export const VERIFIED_FOR_MS = VERIFIED_FOR_MINUTES * MINUTE;

export const PHONE_TAKEN = 'Phone number is already registered';
export const MAIL_TAKEN = 'Mail id is already registered, try with different mail id';
export const PHONE_NOT_REGISTERED = 'Phone number is not registered!';
export const INCORRECT_OTP = 'Incorrect OTP';

export interface AccountsDeps {
  db: Db;
  sessions: Sessions;
  sms: SmsSender;
  /** key of the codes' HMAC */
  secret: string;
  /** codes one client address may request, and registration checks it may make, per hour */
  addressHourlyLimit: number;
  /** SMS the shop may send shoppers per hour and per day */
  smsBudget: Config['smsBudget'];
  /** the percentage of smsBudget that numbers with no account may use */
  unknownShare: number;
  /** the back office's sign-in codes, apart from shoppers' */
  staffSmsBudget: Config['staffSmsBudget'];
  limits: RateLimits;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  /** counts a request a limit held back, by route and reason (the metrics) */
  onHeld: (route: CodeRoute, reason: LimitReason) => void;
}

/** Who asks: a browser (its cookie's id) from a client address (see `clientAddressKey`). */
export interface Asker {
  browserId: string;
  clientAddress: string;
}

export interface LoggedIn {
  customerId: number;
  fname: string;
}

/** A code stored and ready to send, or the limit that held it back. */
type Claim = { id: string; code: string } | { held: LimitReason; refusal: AppError } | undefined;

/** Accounts: one-time codes by SMS, sign-up and login for the phone a session verified, the profile. */
export class AccountsService {
  private readonly checksByBrowser: Limit;
  private readonly checksByAddress: Limit;
  private readonly staffCodesByAddress: Limit;
  private readonly smsBudget: Charge[];
  private readonly unknownBudget: Charge[];
  private readonly staffBudget: Charge[];
  private readonly floods: FloodWatch;

  constructor(private readonly deps: AccountsDeps) {
    this.checksByBrowser = hourly('signup-check:browser', CHECKS_PER_BROWSER_HOURLY, CHECKS_REFUSED);
    this.checksByAddress = hourly('signup-check:address', deps.addressHourlyLimit, CHECKS_REFUSED);
    this.staffCodesByAddress = hourly('staff-code:address', deps.addressHourlyLimit, ADDRESS_CAPPED);
    const { hourly: perHour, daily: perDay } = deps.smsBudget;
    const share = (max: number) => Math.max(1, Math.floor((max * deps.unknownShare) / 100));
    this.smsBudget = budget('sms', perHour, perDay);
    this.unknownBudget = budget('sms:unknown', share(perHour), share(perDay));
    this.staffBudget = budget('sms:staff', deps.staffSmsBudget.hourly, deps.staffSmsBudget.daily);
    this.floods = new FloodWatch(deps.log, deps.onHeld, deps.now);
  }

  /**
   * Sends a shopper a new code, unless the phone, the phone from this network or the client address has
   * asked too often, or the SMS budget is spent (429): a refused send stores and sends nothing. A number
   * with no account draws on a smaller share of the budget, so a flood of random numbers (SMS pumping)
   * spends only that share and registered shoppers still get their codes.
   */
  async sendCode(phone: string, clientAddress: string): Promise<OtpSendResponse> {
    const { db } = this.deps;
    await this.checkBudget('shopper', this.smsBudget, 'budget');
    const registered = await store.phoneRegistered(db, phone);
    const budget = registered ? this.smsBudget : [...this.smsBudget, ...this.unknownBudget];
    if (!registered) await this.checkBudget('shopper', this.unknownBudget, 'unknown-share');
    const claim = await this.claim('shopper', phone, clientAddress, true);
    if (claim && 'held' in claim) throw claim.refusal;
    if (!claim || !(await this.deliver(claim, phone, budget))) {
      throw new AppError(502, 'Could not send the OTP right now, please try again in a moment');
    }
    return { sent: true, resendAfter: RESEND_AFTER_S };
  }

  /**
   * The back office's code: its own limits and budget, apart from shoppers'. Every number costs the same
   * checks, the per-address count included, and only a staff phone's code is stored, so the answer (the
   * caller's `{sent: true}`) and its time tell nobody whether the number is staff's; for the same reason a
   * staff phone's limits hold its code back silently (counted and logged) and its SMS leaves after the
   * answer. Throws 429 only for the client address's hourly count, the same for every number.
   */
  async sendStaffCode(phone: string, clientAddress: string, isStaff: () => Promise<boolean>): Promise<void> {
    const { limits } = this.deps;
    try {
      await limits.take([{ limit: this.staffCodesByAddress, subject: clientAddress }]);
    } catch (error) {
      if (isRefusal(error)) this.floods.held('staff', 'staff-address', clientAddress, error);
      throw error;
    }
    const staff = await isStaff();
    let claim: Claim;
    try {
      await this.checkBudget('staff', this.staffBudget, 'budget');
      claim = await this.claim('staff', phone, clientAddress, staff);
    } catch (error) {
      if (isRefusal(error)) return;
      throw error;
    }
    if (!claim || 'held' in claim) return;
    // after the answer: a gateway's latency would otherwise tell a staff phone from any other number
    this.deliver(claim, phone, this.staffBudget).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'staff sign-in code not sent');
    });
  }

  /** Codes older than every limit that counts them, of phones that never asked again. */
  sweepCodes(): Promise<number> {
    return store.deleteAllCodesBefore(this.deps.db, new Date(this.deps.now().getTime() - HOUR));
  }

  /**
   * Checks the phone's latest code; a match lets this session log in or sign up with that phone.
   * Every refusal reads 'Incorrect OTP', as the contract says: a wrong, expired, used or exhausted code
   * is told apart in the log only. `session` is started only once the code matched.
   */
  async verifyCode(session: () => Promise<Session>, phone: string, code: string): Promise<void> {
    await this.checkCode('shopper', phone, code);
    await this.deps.sessions.update(await session(), {
      verifiedPhone: phone,
      verifiedUntil: new Date(this.deps.now().getTime() + VERIFIED_FOR_MS),
    });
  }

  /**
   * Uses up the phone's latest code of `purpose` if `code` is it: what every sign-in by code shares
   * (shoppers here, staff in the back office). Any refusal is a 401 'Incorrect OTP'.
   */
  async checkCode(purpose: store.CodePurpose, phone: string, code: string): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.now();
    const latest = await store.latestCode(db, purpose, phone);
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
      return { customerId, fname: customer.fname };
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
    return { customerId: customer.id, fname: customer.fname };
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

  /** The State chosen, or the pincode's when none is (design: "Address State"; decision 035). */
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

  private countCheck({ browserId, clientAddress }: Asker): Promise<void> {
    return this.deps.limits.take([
      { limit: this.checksByBrowser, subject: browserId },
      { limit: this.checksByAddress, subject: clientAddress },
    ]);
  }

  /** Throws the 429 of `charges` when the budget is spent, noting it as `reason`. */
  private async checkBudget(route: CodeRoute, charges: Charge[], reason: LimitReason): Promise<void> {
    try {
      await this.deps.limits.check(charges);
    } catch (error) {
      if (isRefusal(error)) this.floods.held(route, reason, 'shop', error);
      throw error;
    }
  }

  /**
   * Stores a new code of `purpose` for the phone, or answers the limit that holds it back (noted). With
   * `keep` false it makes the same reads and stores nothing (the back office's unknown numbers).
   */
  private async claim(purpose: store.CodePurpose, phone: string, clientAddress: string, keep: boolean) {
    const now = this.deps.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const claim: Claim = await this.deps.db.transaction().execute(async (trx) => {
      await store.lockPhone(trx, purpose, phone);
      await store.deleteCodesBefore(trx, phone, new Date(now.getTime() - HOUR));
      // returned, not thrown, so that the clean-up above commits
      const held = await this.throttle(trx, purpose, phone, clientAddress, now);
      if (held || !keep) return held;
      const id = await store.insertCode(trx, {
        purpose,
        phone,
        codeHash: this.hash(phone, code),
        clientAddress,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_VALID_MS),
      });
      return { id, code };
    });
    if (claim && 'held' in claim) {
      const subject = claim.held === 'address' ? clientAddress : maskedPhone(phone);
      this.floods.held(purpose, claim.held, subject, claim.refusal);
    }
    return claim;
  }

  /**
   * Sends a claimed code and counts it in `budget`; false when the SMS failed, which leaves no valid
   * code and spends nothing.
   */
  private async deliver(claimed: { id: string; code: string }, phone: string, budget: Charge[]) {
    const { db, sms, limits, log } = this.deps;
    try {
      await sms.sendOtp(phone, claimed.code);
    } catch (error) {
      // never received: the code must neither stay valid nor count against the limits
      await store.deleteCode(db, claimed.id);
      log.error({ err: error }, 'one-time code SMS not sent');
      return false;
    }
    // counted once sent: a provider outage must not spend the budget
    await limits.count(db, budget);
    return true;
  }

  /**
   * The first limit this send would break. Counted per phone and network (a client address, an IPv6
   * /64), under a per-phone ceiling no single network reaches, so a network flooding a number uses up
   * its own share only and the phone's owner still gets a code from theirs.
   */
  private async throttle(
    trx: Db,
    purpose: store.CodePurpose,
    phone: string,
    clientAddress: string,
    now: Date,
  ): Promise<{ held: LimitReason; refusal: AppError } | undefined> {
    const hourAgo = new Date(now.getTime() - HOUR);
    const byPhoneHere = await store.recentSends(trx, purpose, { phone, clientAddress }, hourAgo);
    // per network too: a flood from elsewhere must not make the phone's owner wait
    const wait = (byPhoneHere.newest?.getTime() ?? 0) + RESEND_AFTER_S * SECOND - now.getTime();
    if (wait > 0) {
      return { held: 'resend', refusal: throttled('Please wait before requesting another OTP', wait) };
    }
    const byPhone = await store.recentSends(trx, purpose, { phone }, hourAgo);
    const here = usedUp(byPhoneHere, PHONE_ADDRESS_HOURLY_LIMIT, now);
    if (here !== undefined) return { held: 'phone-network', refusal: throttled(PHONE_CAPPED, here) };
    const anywhere = usedUp(byPhone, PHONE_HOURLY_CEILING, now);
    if (anywhere !== undefined) return { held: 'phone', refusal: throttled(PHONE_CAPPED, anywhere) };
    const byAddress = await store.recentSends(trx, purpose, { clientAddress }, hourAgo);
    const addressFull = usedUp(byAddress, this.deps.addressHourlyLimit, now);
    if (addressFull !== undefined)
      return { held: 'address', refusal: throttled(ADDRESS_CAPPED, addressFull) };
    return undefined;
  }

  private hash(phone: string, code: string): string {
    return hmacHex(this.deps.secret, `otp:${phone}:${code}`);
  }
}

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
