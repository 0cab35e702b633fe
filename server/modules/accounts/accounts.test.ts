import { expect, it } from 'vitest';
import type { Profile } from '../../../contract/accounts.ts';
import { SESSION_COOKIE } from '../../platform/sessions.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { signUpShopper, uniquePhone, verifyPhone } from '../../test/shopper.ts';

const clock = { ms: Date.now() };
const now = () => new Date(clock.ms);
/** past the 30 s resend throttle, for a phone that was just sent a code */
const waitForResend = () => {
  clock.ms += 30_000;
};

type Answer = { error?: string; fname?: string };

/** The session token a response set, to replay it later as a stolen or stale cookie would be. */
function sessionCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((c) => c.startsWith('haat_sid='));
  if (!line) throw new Error('no session cookie set');
  return line.split(';')[0] ?? '';
}

describeEachDatabase(
  'accounts',
  (t) => {
    const newShopper = (phone = uniquePhone()) => ({
      phone,
      mail: `new${phone}@example.in`,
      fname: 'Meera',
      lname: "D'Souza",
    });
    const replay = (cookie: string, path: string) => fetch(`${t().baseUrl}${path}`, { headers: { cookie } });

    it('tells whether a phone or an e-mail is registered (key=phone, key=mail)', async () => {
      const client = await t().client();
      const shopper = await signUpShopper(await t().client());
      const phone = (phoneNumber: string) => client.post('/api/signUp', { phoneNumber }, { key: 'phone' });
      const mail = (mailId: string) => client.post('/api/signUp', { mailId }, { key: 'mail' });
      expect((await phone(shopper.phone)).body).toBe(true);
      expect((await phone(uniquePhone())).body).toBe(false);
      expect((await mail(shopper.mail.toUpperCase())).body).toBe(true);
      expect((await mail('nobody@example.in')).body).toBe(false);

      const badPhone = await phone('12345');
      expect(badPhone.status).toBe(400);
      expect(badPhone.body).toEqual({ error: expect.stringMatching(/^phoneNumber /) });
      const badMail = await mail('not-an-email');
      expect(badMail.status).toBe(400);
      expect(badMail.body).toEqual({ error: expect.stringMatching(/^mailId /) });
      const noField = await client.post<Answer>('/api/signUp', {}, { key: 'mail' });
      expect(noField.body).toEqual({ error: 'mailId is required' });
    });

    it('refuses an unknown or missing key', async () => {
      const client = await t().client();
      const unknown = await client.post<Answer>(
        '/api/signUp',
        { phoneNumber: '9876543210' },
        { key: 'other' },
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toMatch(/^key must be one of/);
      const missing = await client.post<Answer>('/api/signUp', { phoneNumber: '9876543210' });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('key is required');
    });

    it('signs up the verified phone, logs in under a new session id with the same CSRF token', async () => {
      const client = await t().client();
      const token = client.csrfToken;
      const record = newShopper();
      await verifyPhone(client, record.phone);
      const verifiedCookie = client.cookie(SESSION_COOKIE);
      expect(verifiedCookie).toBeDefined();

      const res = await client.post<Answer>('/api/signUp', record, { key: 'login' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ fname: 'Meera', bagChanges: [] });
      const loggedInCookie = sessionCookie(res.headers);
      expect(loggedInCookie).not.toBe(`${SESSION_COOKIE}=${verifiedCookie}`);
      expect((await replay(`${SESSION_COOKIE}=${verifiedCookie}`, '/loginCheck')).status).toBe(403);

      // the spec's sign-up flow calls /api/login next, with the token fetched at startup
      const login = await client.post<Answer>('/api/login', { phoneNumber: record.phone });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ fname: 'Meera', bagChanges: [] });
      expect(client.csrfToken).toBe(token);
      // the verified phone never makes a second account
      const again = await client.post<Answer>(
        '/api/signUp',
        { ...record, mail: `x${record.mail}` },
        { key: 'login' },
      );
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'Phone number is already registered' });

      const loginCheck = await client.get('/loginCheck');
      expect(loginCheck.status).toBe(200);
      expect(loginCheck.body).toEqual({ loggedIn: true, fname: 'Meera' });
      const profile = await client.get<Profile>('/api/profile');
      expect(profile.body).toEqual({
        fname: 'Meera',
        lname: "D'Souza",
        gender: '',
        mailID: record.mail,
        phoneNo: record.phone,
        houseNo: '',
        roadName: '',
        areaName: '',
        postOffice: '',
        city: '',
        pin: '',
        state: '',
        altPhoneNumber: '',
        smsUpdates: true,
      });
    });

    it('refuses sign-up without a verified code, or with a code verified for another phone', async () => {
      const client = await t().client();
      const record = newShopper();
      const unverified = await client.post<Answer>('/api/signUp', record, { key: 'login' });
      expect(unverified.status).toBe(401);
      expect(unverified.body.error).toMatch(/verify/);

      await verifyPhone(client, uniquePhone());
      const otherPhone = await client.post<Answer>('/api/signUp', record, { key: 'login' });
      expect(otherPhone.status).toBe(401);

      // a code verified in another session does not count here
      const elsewhere = await t().client();
      waitForResend();
      await verifyPhone(elsewhere, record.phone);
      expect((await client.post('/api/signUp', record, { key: 'login' })).status).toBe(401);

      expect((await client.post('/api/signUp', { phoneNumber: record.phone }, { key: 'phone' })).body).toBe(
        false,
      );
      expect((await client.get('/loginCheck')).status).toBe(403);
    });

    it('refuses sign-up once the verification is 10 minutes old', async () => {
      const client = await t().client();
      const record = newShopper();
      await verifyPhone(client, record.phone);
      clock.ms += 10 * 60_000 + 1000;
      const res = await client.post<Answer>('/api/signUp', record, { key: 'login' });
      expect(res.status).toBe(401);
      expect((await client.post('/api/signUp', { phoneNumber: record.phone }, { key: 'phone' })).body).toBe(
        false,
      );
    });

    it('refuses sign-up after five wrong codes', async () => {
      const client = await t().client();
      const record = newShopper();
      await client.post('/api/otp/send', { phoneNumber: record.phone });
      const code = (await client.get<{ code: string }>(`/api/dev/sms/${record.phone}`)).body.code;
      const wrongCode = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++)
        await client.post('/api/otp/verify', { phoneNumber: record.phone, code: wrongCode });
      expect((await client.post('/api/otp/verify', { phoneNumber: record.phone, code })).status).toBe(401);
      expect((await client.post('/api/signUp', record, { key: 'login' })).status).toBe(401);
    });

    it('refuses a registered phone or e-mail with the spec texts', async () => {
      const existing = await signUpShopper(await t().client());
      const client = await t().client();
      waitForResend();
      await verifyPhone(client, existing.phone);
      const samePhone = await client.post<Answer>('/api/signUp', newShopper(existing.phone), {
        key: 'login',
      });
      expect(samePhone.status).toBe(409);
      expect(samePhone.body).toEqual({ error: 'Phone number is already registered' });

      const record = { ...newShopper(), mail: existing.mail.toUpperCase() };
      await verifyPhone(client, record.phone);
      const sameMail = await client.post<Answer>('/api/signUp', record, { key: 'login' });
      expect(sameMail.status).toBe(409);
      expect(sameMail.body).toEqual({ error: 'Mail id is already registered, try with different mail id' });
      // still verified: a different address goes through
      expect((await client.post('/api/signUp', newShopper(record.phone), { key: 'login' })).status).toBe(200);
    });

    it.each([
      ['phone', { phone: undefined }, 'phone is required'],
      ['mail', { mail: 'meera@' }, /^mail /],
      ['long mail', { mail: `${'m'.repeat(250)}@example.in` }, /^mail /],
      ['fname', { fname: '' }, /^fname /],
      ['fname with digits', { fname: 'R2D2' }, /^fname /],
      ['lname too long', { lname: 'L'.repeat(51) }, /^lname /],
      ['lname missing', { lname: undefined }, 'lname is required'],
    ])('validates the sign-up record: %s', async (_, change, message) => {
      const client = await t().client();
      const record = newShopper();
      await verifyPhone(client, record.phone);
      const res = await client.post<Answer>('/api/signUp', { ...record, ...change }, { key: 'login' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });

    it('accepts names in any script, trimming the spaces around them', async () => {
      const client = await t().client();
      const record = { ...newShopper(), fname: ' अमित ', lname: 'Kumar-Sen Jr.' };
      await verifyPhone(client, record.phone);
      const res = await client.post('/api/signUp', record, { key: 'login' });
      expect(res.body).toEqual({ fname: 'अमित', bagChanges: [] });
    });

    it('logs in only the verified phone, under a new session id; sign-out ends the verification', async () => {
      const shopper = await signUpShopper(await t().client());
      const client = await t().client();
      const login = (phoneNumber: string) => client.post<Answer>('/api/login', { phoneNumber });

      const unverified = await login(shopper.phone);
      expect(unverified.status).toBe(401);
      expect(unverified.body).toEqual({ error: 'Please verify this phone number with an OTP first' });
      await verifyPhone(client, uniquePhone());
      expect((await login(shopper.phone)).status).toBe(401);

      waitForResend();
      await verifyPhone(client, shopper.phone);
      const verifiedCookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
      const res = await login(shopper.phone);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ fname: shopper.fname, bagChanges: [] });
      expect(sessionCookie(res.headers)).not.toBe(verifiedCookie);
      expect((await replay(verifiedCookie, '/loginCheck')).status).toBe(403);
      expect((await client.get('/loginCheck')).status).toBe(200);

      expect((await client.get('/api/userSignout')).status).toBe(200);
      expect((await login(shopper.phone)).status).toBe(401);
    });

    it('answers an unregistered verified phone with 404 Phone number is not registered!', async () => {
      const client = await t().client();
      const phone = uniquePhone();
      await verifyPhone(client, phone);
      const res = await client.post<Answer>('/api/login', { phoneNumber: phone });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Phone number is not registered!' });
      // the verification still serves the sign-up the shopper is sent to
      expect((await client.post('/api/signUp', newShopper(phone), { key: 'login' })).status).toBe(200);
    });

    it('refuses login once the verification is 10 minutes old', async () => {
      const shopper = await signUpShopper(await t().client());
      const client = await t().client();
      waitForResend();
      await verifyPhone(client, shopper.phone);
      clock.ms += 10 * 60_000 + 1000;
      expect((await client.post('/api/login', { phoneNumber: shopper.phone })).status).toBe(401);
    });

    it('answers 403 to /loginCheck, /api/profile and /editProfile without a login', async () => {
      const client = await t().client();
      const check = await client.get<Answer>('/loginCheck');
      expect(check.status).toBe(403);
      expect(check.body.error).toEqual(expect.any(String));
      expect((await client.get('/api/profile')).status).toBe(403);
      expect((await client.post('/editProfile', { fname: 'A', lname: 'B' })).status).toBe(403);
    });

    it('signs out: the session is removed, its cookie cleared and no longer logged in', async () => {
      const client = await t().client();
      await signUpShopper(client);
      expect((await client.get('/api/profile')).status).toBe(200);

      const signOut = await client.get('/api/userSignout');
      expect(signOut.status).toBe(200);
      expect(signOut.body).toEqual({ signedOut: true });
      const cleared = signOut.headers.getSetCookie().find((c) => c.startsWith('haat_sid='));
      expect(cleared).toMatch(/haat_sid=;.*Expires=Thu, 01 Jan 1970/i);
      expect((await client.get('/loginCheck')).status).toBe(403);
      const again = await client.get<Answer>('/api/userSignout');
      expect(again.status).toBe(403);
      expect(again.body).toEqual({ error: 'Logged out already' });
    });

    it('refuses a sign-out that a cross-site page started, and signs out from the shop itself', async () => {
      const client = await t().client();
      await signUpShopper(client);
      const forged = await client.get<Answer>('/api/userSignout', { 'sec-fetch-site': 'cross-site' });
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual({ error: 'Sign out from the shop itself' });
      expect((await client.get('/loginCheck')).status).toBe(200);
      const own = await client.get('/api/userSignout', { 'sec-fetch-site': 'same-origin' });
      expect(own.status).toBe(200);
      expect((await client.get('/loginCheck')).status).toBe(403);
    });

    it('a stolen cookie of a signed-out session is no longer logged in', async () => {
      const client = await t().client();
      const shopper = newShopper();
      await verifyPhone(client, shopper.phone);
      const res = await client.post('/api/signUp', shopper, { key: 'login' });
      const cookie = sessionCookie(res.headers);
      expect((await replay(cookie, '/loginCheck')).status).toBe(200);
      expect((await client.get('/api/userSignout')).status).toBe(200);
      expect((await replay(cookie, '/loginCheck')).status).toBe(403);
      expect((await replay(cookie, '/api/profile')).status).toBe(403);
      expect((await replay(cookie, '/api/userSignout')).status).toBe(403);
    });
  },
  {},
  { now },
);

describeEachDatabase('profile', (t) => {
  const complete = (profile: Profile): Profile => ({
    ...profile,
    fname: 'Kavya',
    lname: 'Iyer',
    gender: 'F',
    houseNo: '12B, Lake View Apartments',
    roadName: 'Sarat Bose Road',
    areaName: 'Ballygunge',
    postOffice: 'Ballygunge',
    city: 'Kolkata',
    pin: '700019',
    state: 'West Bengal',
    altPhoneNumber: '9123456780',
  });

  async function loggedIn() {
    const client = await t().client();
    await signUpShopper(client);
    const profile = (await client.get<Profile>('/api/profile')).body;
    return { client, profile };
  }

  it('saves the whole profile and answers with it', async () => {
    const { client, profile } = await loggedIn();
    const edited = complete(profile);
    const res = await client.post('/editProfile', edited);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(edited);
    expect((await client.get('/api/profile')).body).toEqual(edited);
    expect((await client.get('/loginCheck')).body).toEqual({ loggedIn: true, fname: 'Kavya' });
  });

  it('clears optional fields with empty strings or null, and keeps those left out', async () => {
    const { client, profile } = await loggedIn();
    await client.post('/editProfile', complete(profile));
    const { houseNo: _, ...withoutHouse } = complete(profile);
    const res = await client.post<Profile>('/editProfile', {
      ...withoutHouse,
      gender: null,
      altPhoneNumber: null,
      city: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      gender: '',
      altPhoneNumber: '',
      city: '',
      houseNo: '12B, Lake View Apartments',
    });
  });

  it('refuses a changed mailID or phoneNo, and stores nothing', async () => {
    const { client, profile } = await loggedIn();
    const mail = await client.post<Answer>('/editProfile', {
      ...complete(profile),
      mailID: 'new@example.in',
    });
    expect(mail.status).toBe(400);
    expect(mail.body).toEqual({ error: 'mailID cannot be changed' });
    const phone = await client.post<Answer>('/editProfile', { ...complete(profile), phoneNo: '9000000000' });
    expect(phone.status).toBe(400);
    expect(phone.body).toEqual({ error: 'phoneNo cannot be changed' });
    expect((await client.get('/api/profile')).body).toEqual(profile);
    const sameMail = await client.post('/editProfile', {
      ...complete(profile),
      mailID: profile.mailID.toUpperCase(),
    });
    expect(sameMail.status).toBe(200);
  });

  it.each([
    ['gender', { gender: 'X' }],
    ['gender', { gender: 'Male' }],
    ['pin', { pin: '012345' }],
    ['pin', { pin: '70001' }],
    ['pin', { pin: '7000199' }],
    ['altPhoneNumber', { altPhoneNumber: '12345' }],
    ['fname', { fname: '' }],
    ['fname', { fname: 'N'.repeat(51) }],
    ['lname', { lname: '<script>' }],
    ['houseNo', { houseNo: 'h'.repeat(101) }],
    ['roadName', { roadName: 'line\nbreak' }],
    ['city', { city: 'Kolkata 700001' }],
    ['postOffice', { postOffice: 'tab\tinside' }],
  ])('refuses a bad %s with a 400 naming it', async (field, change) => {
    const { client, profile } = await loggedIn();
    const res = await client.post<Answer>('/editProfile', { ...complete(profile), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^${field} `));
    expect((await client.get('/api/profile')).body).toEqual(profile);
  });

  it('refuses an edit without a valid CSRF token and changes nothing', async () => {
    const { client, profile } = await loggedIn();
    const none = await client.post('/editProfile', complete(profile), { 'x-csrf-token': '' });
    expect(none.status).toBe(403);
    const wrong = await client.post('/editProfile', complete(profile), { 'x-csrf-token': 'forged' });
    expect(wrong.status).toBe(403);
    expect((await client.get('/api/profile')).body).toEqual(profile);
  });
});
