import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { TestClient } from '../test/http.ts';
import { signUpShopper, verifyPhone } from '../test/shopper.ts';
import { hmacHex } from './crypto.ts';
import { SESSION_COOKIE, Sessions } from './sessions.ts';

const clock = { ms: Date.now() };

describeEachDatabase(
  'sessions and CSRF',
  (t) => {
    const countSessions = async () =>
      (
        await t()
          .db.selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;

    it('GET /api/check gives the browser its cookie and CSRF token, and keeps no session row', async () => {
      const client = new TestClient(t().baseUrl);
      const before = await countSessions();
      const res = await client.get<{ csrfToken: string }>('/api/check');
      expect(res.status).toBe(200);
      expect(res.body.csrfToken).toMatch(/^[\w-]{40,}$/);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/haat_bid=/);
      expect(cookie).not.toMatch(/haat_sid=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const again = await client.get<{ csrfToken: string }>('/api/check');
      expect(again.body.csrfToken).toBe(res.body.csrfToken);
      // a visitor who only browses costs no row, however many come
      await Promise.all(Array.from({ length: 20 }, () => new TestClient(t().baseUrl).start()));
      expect(await countSessions()).toBe(before);
    });

    it('keeps one token for the browser across sign-up, login, sign-out and login again', async () => {
      const client = await t().client();
      const token = client.csrfToken;
      const shopper = await signUpShopper(client);
      const signedUp = client.cookie(SESSION_COOKIE);
      expect(signedUp).toBeDefined();
      const login = await client.post<{ fname: string }>('/api/login', { phoneNumber: shopper.phone });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ fname: shopper.fname, bagChanges: [] });
      const loggedIn = client.cookie(SESSION_COOKIE);
      expect(loggedIn).not.toBe(signedUp);
      expect((await client.post('/editProfile', { fname: 'Asha', lname: 'Rao' })).status).toBe(200);
      expect((await client.get('/api/userSignout')).status).toBe(200);
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
      // signed out, the same token still carries writes, and the login after a new code works
      clock.ms += 30_000;
      await verifyPhone(client, shopper.phone);
      expect((await client.post('/api/login', { phoneNumber: shopper.phone })).status).toBe(200);
      expect(client.cookie(SESSION_COOKIE)).not.toBe(loggedIn);
      expect((await client.post('/editProfile', { fname: 'Asha', lname: 'Rao' })).status).toBe(200);
      expect(client.csrfToken).toBe(token);
    });

    it('refuses a write without the token, with a wrong token, or from another session', async () => {
      const shopper = await t().client();
      const other = await t().client();
      const route = '/api/item/Women/Kurti/%7B%7D';
      const none = await shopper.post(route, { page: 1, sort: 0 }, { 'x-csrf-token': '' });
      expect(none.status).toBe(403);
      expect(none.body).toEqual({ error: expect.any(String) });
      const wrong = await shopper.post(route, { page: 1, sort: 0 }, { 'x-csrf-token': 'forged' });
      expect(wrong.status).toBe(403);
      const stolen = await shopper.post(
        route,
        { page: 1, sort: 0 },
        { 'x-csrf-token': other.csrfToken ?? '' },
      );
      expect(stolen.status).toBe(403);
      const anonymous = await new TestClient(t().baseUrl).post(
        route,
        { page: 1, sort: 0 },
        {
          'x-csrf-token': shopper.csrfToken ?? '',
        },
      );
      expect(anonymous.status).toBe(403);
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const client = await t().client();
      const res = await client.get('/api/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.stringContaining('/api/nothing-here') });
    });
  },
  {},
  { now: () => new Date(clock.ms) },
);

describeEachDatabase(
  'the session cache',
  (t) => {
    it('serves a repeat lookup from memory, and forgets a session at sign-out', async () => {
      const client = await t().client();
      await signUpShopper(client);
      expect((await client.get('/loginCheck')).status).toBe(200);
      // the rows are gone from the database, yet this process still knows the session
      await t().db.deleteFrom('sessions').execute();
      expect((await client.get('/loginCheck')).status).toBe(200);
      expect((await client.get('/api/userSignout')).status).toBe(200);
      expect((await client.get('/loginCheck')).status).toBe(403);
    });
  },
  { SESSION_CACHE_MS: '60000' },
);

describeEachDatabase('sweeping stale sessions', (t) => {
  it('deletes sessions idle for more than 30 days and keeps the others', async () => {
    const stale = await t().client();
    const fresh = await t().client();
    await signUpShopper(stale);
    await signUpShopper(fresh);
    const id = (client: TestClient) => hmacHex(t().config.sessionSecret, client.cookie(SESSION_COOKIE) ?? '');
    await t()
      .db.updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where('id', '=', id(stale))
      .execute();
    const sessions = new Sessions(t().db, t().config.sessionSecret, false, 0);
    expect(await sessions.sweep()).toBeGreaterThanOrEqual(1);
    const left = await t()
      .db.selectFrom('sessions')
      .select('id')
      .where('id', 'in', [id(stale), id(fresh)])
      .execute();
    expect(left).toEqual([{ id: id(fresh) }]);
  });
});
