import { type Static, type TSchema, Type } from 'typebox';

const LETTERS = '\\p{L}\\p{M}';
/**
 * letters (any script), spaces and . ' - ; surrounding spaces are trimmed. No two quantifiers can take the
 * same character (the trailing spaces belong to the last one), so a failing match backtracks linearly.
 */
const NAME_TEXT = ` *[${LETTERS}][${LETTERS} .'-]*`;
const NAME_PATTERN = `^${NAME_TEXT}$`;

/** An Indian mobile number: 10 digits, the first 6-9, without +91. */
export const PhoneNumber = Type.String({ pattern: '^[6-9][0-9]{9}$' });
export const OtpCode = Type.String({ pattern: '^[0-9]{6}$' });
export const MailId = Type.String({ format: 'email', maxLength: 254 });
export const PersonName = Type.String({ minLength: 1, maxLength: 50, pattern: NAME_PATTERN });

// POST /api/otp/send and /api/otp/verify (the server checks the code, not the browser) ----

export const OtpSendBody = Type.Object({ phoneNumber: PhoneNumber });
export type OtpSendBody = Static<typeof OtpSendBody>;

export const OtpSendResponse = Type.Object({
  sent: Type.Literal(true),
  /** seconds until another code may be requested for this number */
  resendAfter: Type.Integer(),
});
export type OtpSendResponse = Static<typeof OtpSendResponse>;

/** 429: also sent as the Retry-After header */
export const ThrottledResponse = Type.Object({ error: Type.String(), retryAfter: Type.Integer() });
export type ThrottledResponse = Static<typeof ThrottledResponse>;

export const OtpVerifyBody = Type.Object({ phoneNumber: PhoneNumber, code: OtpCode });
export type OtpVerifyBody = Static<typeof OtpVerifyBody>;

export const OtpVerifyResponse = Type.Object({ verified: Type.Literal(true) });
export type OtpVerifyResponse = Static<typeof OtpVerifyResponse>;

/** One order message sent (decision 016): its template (the message kind), text and ISO time. */
export const SentSms = Type.Object({ template: Type.String(), text: Type.String(), at: Type.String() });
export type SentSms = Static<typeof SentSms>;

/**
 * GET /api/dev/sms/{phoneNumber}: development outbox only. `code`: the latest one-time code (null when
 * only order messages went); `messages`: every order message sent to the phone, oldest first. 404 when
 * neither was sent.
 */
export const DevSmsParams = Type.Object({ phoneNumber: PhoneNumber });
export const DevSmsResponse = Type.Object({
  code: Type.Union([Type.String(), Type.Null()]),
  messages: Type.Array(SentSms),
});
export type DevSmsResponse = Static<typeof DevSmsResponse>;

// POST /api/signUp (header key = phone | mail | login) and POST /api/login ------------------------

/** key=phone: whether the number is registered already */
export const SignUpPhoneBody = Type.Object({ phoneNumber: PhoneNumber });
export type SignUpPhoneBody = Static<typeof SignUpPhoneBody>;

/** key=mail: whether the e-mail id is registered already */
export const SignUpMailBody = Type.Object({ mailId: MailId });
export type SignUpMailBody = Static<typeof SignUpMailBody>;

/** key=login: the sign-up record; creates the account and logs in */
export const SignUpRecord = Type.Object({
  phone: PhoneNumber,
  mail: MailId,
  fname: PersonName,
  lname: PersonName,
});
export type SignUpRecord = Static<typeof SignUpRecord>;

/** the answer of POST /api/login and of sign-up key=login (which logs in too) */
export const LoginResponse = Type.Object({
  fname: Type.String(),
  /** one sentence per line of the visitor's bag not kept as it was when merged into the account's (decision 022); [] when none */
  bagChanges: Type.Array(Type.String()),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** key=phone and key=mail: whether it is already registered */
export const RegisteredResponse = Type.Boolean();

export const LoginBody = Type.Object({ phoneNumber: PhoneNumber });
export type LoginBody = Static<typeof LoginBody>;

export const LoginCheckResponse = Type.Object({ loggedIn: Type.Literal(true), fname: Type.String() });
export type LoginCheckResponse = Static<typeof LoginCheckResponse>;

export const SignOutResponse = Type.Object({ signedOut: Type.Literal(true) });
export type SignOutResponse = Static<typeof SignOutResponse>;

// GET /api/profile and POST /editProfile (the profile as the spec's entities give it) ----------------------

export const Gender = Type.Unsafe<'M' | 'F' | ''>({ type: 'string', enum: ['M', 'F', ''] });
export type Gender = Static<typeof Gender>;

const FreeText = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\p{Cc}]*$' });

export const Profile = Type.Object({
  fname: Type.String(),
  lname: Type.String(),
  gender: Gender,
  /** read-only */
  mailID: Type.String(),
  /** read-only */
  phoneNo: Type.String(),
  houseNo: Type.String(),
  roadName: Type.String(),
  areaName: Type.String(),
  postOffice: Type.String(),
  city: Type.String(),
  pin: Type.String(),
  /** ours: the address's state or union territory, as INDIA_STATES names it ('' when unset) */
  state: Type.String(),
  altPhoneNumber: Type.String(),
  /** ours: SMS when an order ships and is delivered (the messages a shopper may turn off); true unless turned off */
  smsUpdates: Type.Optional(Type.Boolean()),
});
export type Profile = Static<typeof Profile>;

/**
 * The whole profile as the form holds it. mailID and phoneNo may be sent back unchanged (a change is a
 * 400); a field left out keeps its value; '' (or null) clears an optional one.
 */
/** An optional field that '' or null clears. */
const Clearable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const EditProfileBody = Type.Object({
  fname: PersonName,
  lname: PersonName,
  gender: Clearable(Gender),
  mailID: Type.Optional(Type.String({ maxLength: 254 })),
  phoneNo: Type.Optional(Type.String({ maxLength: 20 })),
  houseNo: Clearable(FreeText(100)),
  roadName: Clearable(FreeText(100)),
  areaName: Clearable(FreeText(100)),
  postOffice: Clearable(FreeText(100)),
  city: Clearable(Type.String({ maxLength: 50, pattern: `^(?:${NAME_TEXT})?$` })),
  pin: Clearable(Type.String({ pattern: '^([1-9][0-9]{5})?$' })),
  /** ours: one of INDIA_STATES (another name is a 400 with fields.state); left out or '': the pincode's state */
  state: Clearable(Type.String({ maxLength: 60 })),
  altPhoneNumber: Clearable(Type.String({ pattern: '^([6-9][0-9]{9})?$' })),
  /** left out: kept as it is */
  smsUpdates: Type.Optional(Type.Boolean()),
});
export type EditProfileBody = Static<typeof EditProfileBody>;
