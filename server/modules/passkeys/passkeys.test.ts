import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import type { LoginResponse } from '../../../contract/accounts.ts';
import type {
  NewPasskey,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyRequestOptions,
} from '../../../contract/passkeys.ts';
import type { StaffList, StaffSession } from '../../../contract/staff.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { SoftwareAuthenticator } from '../../test/authenticator.ts';
import { TestClient } from '../../test/http.ts';
import { signUpShopper } from '../../test/shopper.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { NEEDS_PUBLIC_URL } from './service.ts';

const ORIGIN = 'https://shop.haat.example';
const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const ADMIN = '/admin/api';
const SHOP = '/api';

/** Asks for creation options and answers them with `authenticator` (bent as a test asks). */
async function register(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  base = ADMIN,
  bend: Parameters<SoftwareAuthenticator['create']>[1] = {},
) {
  const options = await client.post<PasskeyCreationOptions>(`${base}/passkeys/options`, {});
  expect(options.status).toBe(200);
  return client.post<NewPasskey>(`${base}/passkeys`, {
    ...authenticator.create(options.body, bend),
    name: 'My phone',
  });
}

async function signInOptions(client: TestClient, base = ADMIN) {
  const options = await client.post<PasskeyRequestOptions>(`${base}/session/passkey/options`, {});
  expect(options.status).toBe(200);
  return options.body;
}

async function signIn(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  base = ADMIN,
  bend: Parameters<SoftwareAuthenticator['get']>[1] = {},
) {
  const options = await signInOptions(client, base);
  return client.post<StaffSession>(`${base}/session/passkey`, authenticator.get(options, bend));
}

/** A staff member with a passkey registered from their signed-in browser. */
async function staffWithPasskey(t: TestApp) {
  const person = await staffPerson(t, 'staff', 'Meena Iyer');
  const client = await staffSignedIn(t, person.phone);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const added = await register(client, authenticator);
  expect(added.status).toBe(201);
  return { person, client, authenticator, passkeyId: added.body.id };
}

const passkeyRows = (t: TestApp, id: string) =>
  t.db.selectFrom('passkeys').select('id').where('id', '=', id).execute();

describeEachDatabase(
  'passkeys',
  (t) => {
    test('a staff member registers a passkey, lists it, and signs in with it on a new browser', async () => {
      const person = await staffPerson(t(), 'staff', 'Meena Iyer');
      const client = await staffSignedIn(t(), person.phone);
      const options = await client.post<PasskeyCreationOptions>(`${ADMIN}/passkeys/options`, {});
      expect(options.status).toBe(200);
      expect(options.body).toMatchObject({
        rp: { id: 'shop.haat.example' },
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      expect(options.body.pubKeyCredParams).toContainEqual({ type: 'public-key', alg: -7 });
      expect(Buffer.from(options.body.challenge, 'base64url')).toHaveLength(32);
      expect(options.body.user.id).not.toContain(person.phone);
      expect(Buffer.from(options.body.user.id, 'base64url').toString()).not.toContain(person.phone);

      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const added = await client.post<NewPasskey>(`${ADMIN}/passkeys`, {
        ...authenticator.create(options.body),
        name: 'Work laptop',
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ id: authenticator.credentialId, name: 'Work laptop' });
      const audit = await t()
        .db.selectFrom('audit_log')
        .select(['action', 'details'])
        .where('actor', '=', `staff:${person.id}`)
        .where('action', '=', 'passkey.add')
        .execute();
      expect(audit).toEqual([{ action: 'passkey.add', details: { name: 'Work laptop' } }]);

      const listed = await client.get<PasskeyList>(`${ADMIN}/passkeys`);
      expect(listed.body).toEqual([
        {
          id: authenticator.credentialId,
          name: 'Work laptop',
          createdAt: added.body.createdAt,
          lastUsedAt: null,
        },
      ]);
      const again = await client.post<PasskeyCreationOptions>(`${ADMIN}/passkeys/options`, {});
      expect(again.body.user.id).toBe(options.body.user.id);
      expect(again.body.excludeCredentials).toEqual([
        expect.objectContaining({ type: 'public-key', id: authenticator.credentialId }),
      ]);

      const browser = await t().client();
      const signedIn = await signIn(browser, authenticator);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toEqual({ id: person.id, name: person.name, phone: person.phone, role: 'staff' });
      expect(signedIn.headers.get('set-cookie')).toContain('haat_staff=');
      const session = await browser.get<StaffSession>(`${ADMIN}/session`);
      expect(session.status).toBe(200);
      expect(session.body.id).toBe(person.id);
      const used = await browser.get<PasskeyList>(`${ADMIN}/passkeys`);
      expect(used.body[0]?.lastUsedAt).not.toBeNull();
    });

    test('sign-in options are the same for everyone and list no passkeys', async () => {
      const options = await signInOptions(await t().client());
      expect(options).toMatchObject({
        rpId: 'shop.haat.example',
        userVerification: 'preferred',
        allowCredentials: [],
      });
      expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);
    });

    test('an answer made on another origin, or for another relying party, is refused', async () => {
      const person = await staffPerson(t());
      const client = await staffSignedIn(t(), person.phone);
      const phished = await register(client, new SoftwareAuthenticator('https://shop.haat.example.evil.in'));
      expect(phished.status).toBe(400);
      expect(phished.body).toHaveProperty('error');
      const otherRp = await register(client, new SoftwareAuthenticator(ORIGIN), ADMIN, { rpId: 'evil.in' });
      expect(otherRp.status).toBe(400);

      const { authenticator } = await staffWithPasskey(t());
      const browser = await t().client();
      const wrongOrigin = await signIn(browser, authenticator, ADMIN, { origin: 'http://shop.haat.example' });
      expect(wrongOrigin.status).toBe(401);
      expect(wrongOrigin.headers.get('set-cookie') ?? '').not.toContain('haat_staff=');
      expect((await signIn(browser, authenticator, ADMIN, { rpId: 'evil.in' })).status).toBe(401);
    });

    test('a challenge the server never gave, or gave already, is refused', async () => {
      const { authenticator } = await staffWithPasskey(t());
      const browser = await t().client();
      const made = await signIn(browser, authenticator, ADMIN, {
        challenge: randomBytes(32).toString('base64url'),
      });
      expect(made.status).toBe(401);

      const options = await signInOptions(browser);
      const first = await browser.post(`${ADMIN}/session/passkey`, authenticator.get(options));
      expect(first.status).toBe(200);
      const replay = await browser.post(`${ADMIN}/session/passkey`, authenticator.get(options));
      expect(replay.status).toBe(401);
    });

    test('a challenge works only in the browser that asked for it, and only for the purpose it asked', async () => {
      const { authenticator, client } = await staffWithPasskey(t());
      const asking = await t().client();
      const thief = await t().client();
      const options = await signInOptions(asking);
      expect((await thief.post(`${ADMIN}/session/passkey`, authenticator.get(options))).status).toBe(401);

      // a registration challenge does not sign in, nor a sign-in challenge register
      const creation = await client.post<PasskeyCreationOptions>(`${ADMIN}/passkeys/options`, {});
      const asSignIn = authenticator.get({ challenge: creation.body.challenge, rpId: 'shop.haat.example' });
      expect((await client.post(`${ADMIN}/session/passkey`, asSignIn)).status).toBe(401);
      const requested = await signInOptions(client);
      const fresh = new SoftwareAuthenticator(ORIGIN);
      const answer = fresh.create({
        challenge: requested.challenge,
        rp: { id: requested.rpId },
        user: creation.body.user,
      });
      expect((await client.post(`${ADMIN}/passkeys`, answer)).status).toBe(400);
      // …and the shop's challenge is not the back office's
      const shopOptions = await signInOptions(asking, SHOP);
      expect((await asking.post(`${ADMIN}/session/passkey`, authenticator.get(shopOptions))).status).toBe(
        401,
      );
    });

    test('a cloned authenticator (a sign count not above the stored one) is refused', async () => {
      const { authenticator } = await staffWithPasskey(t());
      const browser = await t().client();
      expect((await signIn(browser, authenticator, ADMIN, { signCount: 5 })).status).toBe(200);
      const clone = authenticator.clone();
      expect((await signIn(browser, clone, ADMIN, { signCount: 5 })).status).toBe(401);
      expect((await signIn(browser, clone, ADMIN, { signCount: 3 })).status).toBe(401);
      expect((await signIn(browser, authenticator, ADMIN, { signCount: 6 })).status).toBe(200);
    });

    test('an unknown passkey, a stranger user handle or a bad signature signs nobody in', async () => {
      const { authenticator } = await staffWithPasskey(t());
      const browser = await t().client();
      const unknown = await signIn(browser, new SoftwareAuthenticator(ORIGIN));
      expect(unknown.status).toBe(401);
      expect(unknown.body).toHaveProperty('error');
      const stranger = await signIn(browser, authenticator, ADMIN, {
        userHandle: randomBytes(32).toString('base64url'),
      });
      expect(stranger.status).toBe(401);

      const options = await signInOptions(browser);
      const forged = authenticator.get(options);
      forged.response.signature = randomBytes(70).toString('base64url');
      expect((await browser.post(`${ADMIN}/session/passkey`, forged)).status).toBe(401);
    });

    test('malformed answers get a 4xx JSON error, never a 500', async () => {
      const { authenticator, client } = await staffWithPasskey(t());
      const options = await signInOptions(client);
      const good = authenticator.get(options);
      const bodies: unknown[] = [
        { ...good, response: { ...good.response, clientDataJSON: '***' } },
        {
          ...good,
          response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') },
        },
        { ...good, response: { ...good.response, authenticatorData: 'AAAA' } },
        { ...good, type: 'password' },
        { ...good, id: 42 },
        { id: good.id },
        'nonsense',
      ];
      for (const body of bodies) {
        const res = await client.post(`${ADMIN}/session/passkey`, body);
        expect([400, 401]).toContain(res.status);
        expect(res.body).toHaveProperty('error');
      }
      const creation = await client.post<PasskeyCreationOptions>(`${ADMIN}/passkeys/options`, {});
      const answer = new SoftwareAuthenticator(ORIGIN).create(creation.body);
      const broken = { ...answer, response: { ...answer.response, attestationObject: 'AAAA' } };
      const res = await client.post(`${ADMIN}/passkeys`, broken);
      expect(res.status).toBe(400);
      expect(res.body).toHaveProperty('error');
    });

    test('registration needs a person: 401 without a session, 403 for the bearer token', async () => {
      const nobody = await t().client();
      expect((await nobody.post(`${ADMIN}/passkeys/options`, {})).status).toBe(401);
      expect((await nobody.get(`${ADMIN}/passkeys`)).status).toBe(401);
      const automation = new TestClient(t().baseUrl);
      const bearer = await automation.post(`${ADMIN}/passkeys/options`, {}, BEARER);
      expect(bearer.status).toBe(403);
      expect(bearer.body).toHaveProperty('error');
      expect((await automation.get(`${ADMIN}/passkeys`, BEARER)).status).toBe(403);
    });

    test('a person removes their own passkey; another person’s is a 404', async () => {
      const mine = await staffWithPasskey(t());
      const theirs = await staffWithPasskey(t());
      const other = await mine.client.request('DELETE', `${ADMIN}/passkeys/${theirs.passkeyId}`);
      expect(other.status).toBe(404);
      expect(await passkeyRows(t(), theirs.passkeyId)).toHaveLength(1);
      const own = await mine.client.request('DELETE', `${ADMIN}/passkeys/${mine.passkeyId}`);
      expect(own.status).toBe(204);
      expect((await mine.client.get<PasskeyList>(`${ADMIN}/passkeys`)).body).toEqual([]);
      expect((await signIn(await t().client(), mine.authenticator)).status).toBe(401);
    });

    test('the owner sees who has a passkey, and removing a person removes their passkeys', async () => {
      const { person, authenticator, passkeyId } = await staffWithPasskey(t());
      const automation = new TestClient(t().baseUrl);
      const list = await automation.get<StaffList>(`${ADMIN}/staff`, BEARER);
      expect(list.body.staff.find((p) => p.id === person.id)?.passkeys).toBe(1);
      expect(list.body.staff.every((p) => Number.isInteger(p.passkeys))).toBe(true);

      expect(
        (await automation.request('DELETE', `${ADMIN}/staff/${person.id}`, undefined, BEARER)).status,
      ).toBe(204);
      expect(await passkeyRows(t(), passkeyId)).toEqual([]);
      expect((await signIn(await t().client(), authenticator)).status).toBe(401);
    });

    test('a shopper adds a passkey from their account and logs a new browser in with it', async () => {
      const client = await t().client();
      const shopper = await signUpShopper(client, { fname: 'Kavya' });
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const added = await register(client, authenticator, SHOP);
      expect(added.status).toBe(201);
      expect((await client.get<PasskeyList>(`${SHOP}/passkeys`)).body).toHaveLength(1);

      const browser = await t().client();
      expect((await browser.get('/loginCheck')).status).not.toBe(200);
      const loggedIn = await signIn(browser, authenticator, SHOP);
      expect(loggedIn.status).toBe(200);
      expect(loggedIn.body as unknown as LoginResponse).toEqual({ fname: shopper.fname, bagChanges: [] });
      const check = await browser.get<{ loggedIn: boolean; fname: string }>('/loginCheck');
      expect(check.body).toEqual({ loggedIn: true, fname: 'Kavya' });

      // a shopper's passkey is no way into the back office, nor a staff passkey into the shop
      expect((await signIn(await t().client(), authenticator)).status).toBe(401);
      const staffer = await staffWithPasskey(t());
      expect((await signIn(await t().client(), staffer.authenticator, SHOP)).status).toBe(401);

      const nobody = await t().client();
      // as every shopper route: 403 until logged in
      expect((await nobody.post(`${SHOP}/passkeys/options`, {})).status).toBe(403);
      expect((await client.request('DELETE', `${SHOP}/passkeys/${staffer.passkeyId}`)).status).toBe(404);
      expect((await client.request('DELETE', `${SHOP}/passkeys/${added.body.id}`)).status).toBe(204);
    });
  },
  { PUBLIC_URL: `${ORIGIN}/` },
);

describeEachDatabase('passkeys without PUBLIC_URL', (t) => {
  test('every passkey route answers 409 saying PUBLIC_URL is needed', async () => {
    const person = await staffPerson(t());
    const staff = await staffSignedIn(t(), person.phone);
    const shopper = await t().client();
    await signUpShopper(shopper);
    const answers = [
      await staff.post(`${ADMIN}/passkeys/options`, {}),
      await staff.get(`${ADMIN}/passkeys`),
      await staff.request('DELETE', `${ADMIN}/passkeys/abc`),
      await staff.post(`${ADMIN}/session/passkey/options`, {}),
      await shopper.post(`${SHOP}/passkeys/options`, {}),
      await shopper.get(`${SHOP}/passkeys`),
      await shopper.post(`${SHOP}/session/passkey/options`, {}),
    ];
    for (const res of answers) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: NEEDS_PUBLIC_URL });
    }
  });
});
