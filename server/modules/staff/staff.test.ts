import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, StaffList, StaffMember, StaffSession } from '../../../contract/staff.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { TestClient } from '../../test/http.ts';
import { signUpShopper, uniquePhone } from '../../test/shopper.ts';
import { staffPerson as person, staffSignedIn as signedIn } from '../../test/staff.ts';
import { LAST_OWNER, NOT_YOURSELF, PHONE_IS_STAFF } from './service.ts';

type Answer<T> = T & { error?: string };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR = 3600 * 1000;

const sessionRows = (t: TestApp, staffId: number) =>
  t.db.selectFrom('staff_sessions').select(['id', 'last_seen_at']).where('staff_id', '=', staffId).execute();

const auditOf = (t: TestApp, subject: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'details'])
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();

describeEachDatabase('back office: staff sign-in', (t) => {
  it('signs a staff member in with the code from the outbox, in a cookie of its own', async () => {
    const ravi = await person(t());
    const client = await t().client();
    const sent = await client.post('/admin/api/session/code', { phone: ravi.phone });
    expect(sent.body).toEqual({ sent: true });
    const outbox = await client.get<{ code: string }>(`/api/dev/sms/${ravi.phone}`);
    expect(outbox.body.code).toMatch(/^\d{6}$/);

    const res = await client.post<StaffSession>('/admin/api/session', {
      phone: ravi.phone,
      code: outbox.body.code,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: ravi.id, name: 'Ravi Kumar', phone: ravi.phone, role: 'staff' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('haat_staff='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/admin/);
    expect(client.cookie('haat_sid')).toBeUndefined();

    expect((await client.get<StaffSession>('/admin/api/session')).body).toEqual(res.body);
    expect((await client.get('/admin/api/orders')).status).toBe(200);
    expect(await auditOf(t(), `staff:${ravi.id}`)).toEqual([
      { actor: `staff:${ravi.id}`, action: 'staff.sign-in', details: {} },
    ]);
  });

  it('answers a number that is not staff the same, and sends it nothing', async () => {
    const client = await t().client();
    const phone = uniquePhone();
    expect((await client.post('/admin/api/session/code', { phone })).body).toEqual({ sent: true });
    expect((await client.get(`/api/dev/sms/${phone}`)).status).toBe(404);
  });

  it("refuses a wrong code, and a shopper's code for a number that is not staff", async () => {
    const ravi = await person(t());
    const client = await t().client();
    await client.post('/admin/api/session/code', { phone: ravi.phone });
    const wrong = await client.post('/admin/api/session', { phone: ravi.phone, code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Incorrect OTP' });
    expect(client.cookie('haat_staff')).toBeUndefined();

    const shopper = uniquePhone();
    await client.post('/api/otp/send', { phoneNumber: shopper });
    const { code } = (await client.get<{ code: string }>(`/api/dev/sms/${shopper}`)).body;
    expect((await client.post('/admin/api/session', { phone: shopper, code })).status).toBe(401);
    // not used up: the shopper still signs in with it
    expect((await client.post('/api/otp/verify', { phoneNumber: shopper, code })).status).toBe(200);
  });

  it('checks the CSRF token and the phone of the sign-in calls', async () => {
    const ravi = await person(t());
    const client = await t().client();
    const noToken = { 'x-csrf-token': '' };
    expect((await client.post('/admin/api/session/code', { phone: ravi.phone }, noToken)).status).toBe(403);
    expect(
      (await client.post('/admin/api/session', { phone: ravi.phone, code: '123456' }, noToken)).status,
    ).toBe(403);
    const bad = await client.post<Answer<object>>('/admin/api/session/code', { phone: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
  });

  it("holds back a staff phone's resend within 30 s with 429, as any number's: nothing sent, the first code valid", async () => {
    const ravi = await person(t());
    const client = await t().client();
    expect((await client.post('/admin/api/session/code', { phone: ravi.phone })).status).toBe(200);
    const first = (await client.get<{ code: string }>(`/api/dev/sms/${ravi.phone}`)).body.code;
    const again = await client.post<{ error: string; retryAfter: number }>('/admin/api/session/code', {
      phone: ravi.phone,
    });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ error: expect.any(String), retryAfter: expect.any(Number) });
    const codes = await t()
      .db.selectFrom('otp_codes')
      .select('purpose')
      .where('phone', '=', ravi.phone)
      .execute();
    expect(codes).toEqual([{ purpose: 'staff' }]);
    expect((await client.post('/admin/api/session', { phone: ravi.phone, code: first })).status).toBe(200);
  });

  it("keeps a shopper's session out of the back office", async () => {
    const client = await t().client();
    await signUpShopper(client);
    for (const path of ['/admin/api/session', '/admin/api/orders', '/admin/api/staff']) {
      expect((await client.get(path)).status).toBe(401);
    }
    expect(
      (await client.post('/admin/api/staff', { name: 'Mallory', phone: uniquePhone(), role: 'owner' }))
        .status,
    ).toBe(401);
  });

  it('ends a session idle for 12 hours, and slides it while it is used', async () => {
    const ravi = await person(t());
    const client = await signedIn(t(), ravi.phone);
    const age = (hours: number) =>
      t()
        .db.updateTable('staff_sessions')
        .set({ last_seen_at: new Date(Date.now() - hours * HOUR) })
        .where('staff_id', '=', ravi.id)
        .execute();

    await age(11);
    expect((await client.get('/admin/api/session')).status).toBe(200);
    const [touched] = await sessionRows(t(), ravi.id);
    expect(Date.now() - new Date(touched?.last_seen_at ?? 0).getTime()).toBeLessThan(HOUR);

    await age(13);
    const res = await client.get<Answer<object>>('/admin/api/session');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await sessionRows(t(), ravi.id)).toEqual([]);
  });

  it('signs out: 204, the cookie cleared and the session gone', async () => {
    const ravi = await person(t());
    const client = await signedIn(t(), ravi.phone);
    const token = client.cookie('haat_staff') ?? '';
    const out = await client.request('DELETE', '/admin/api/session');
    expect(out.status).toBe(204);
    expect(client.cookie('haat_staff')).toBeUndefined();
    expect(await sessionRows(t(), ravi.id)).toEqual([]);
    const replay = new TestClient(t().baseUrl);
    replay.setCookie('haat_staff', token);
    expect((await replay.get('/admin/api/session')).status).toBe(401);
    expect((await auditOf(t(), `staff:${ravi.id}`)).map((e) => e.action)).toEqual([
      'staff.sign-in',
      'staff.sign-out',
    ]);
  });

  it('answers the bearer as the owner "Automation"', async () => {
    const res = await new TestClient(t().baseUrl).get<StaffSession>('/admin/api/session', BEARER);
    expect(res.body).toEqual({ id: null, name: 'Automation', phone: null, role: 'owner' });
  });
});

describeEachDatabase('back office: staff and activity', (t) => {
  let owner: StaffMember;
  let ownerClient: TestClient;
  const automation = () => new TestClient(t().baseUrl);

  beforeAll(async () => {
    const row = await person(t(), 'owner', 'Asha Rao');
    owner = { ...row, createdAt: '' };
    ownerClient = await signedIn(t(), owner.phone);
  });

  it('lets the owner add, list and remove staff, each change in the audit log', async () => {
    const phone = uniquePhone();
    const added = await ownerClient.post<StaffMember>('/admin/api/staff', {
      name: ' Ravi Kumar ',
      phone,
      role: 'staff',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      name: 'Ravi Kumar',
      phone,
      role: 'staff',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = await ownerClient.get<StaffList>('/admin/api/staff');
    expect(list.body.staff).toContainEqual({ ...added.body, passkeys: 0 });

    const twice = await ownerClient.post('/admin/api/staff', { name: 'Ravi Again', phone, role: 'owner' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: PHONE_IS_STAFF });

    expect((await ownerClient.request('DELETE', `/admin/api/staff/${added.body.id}`)).status).toBe(204);
    expect((await ownerClient.get<StaffList>('/admin/api/staff')).body.staff).not.toContainEqual({
      ...added.body,
      passkeys: 0,
    });
    expect((await ownerClient.request('DELETE', `/admin/api/staff/${added.body.id}`)).status).toBe(404);
    const details = { name: 'Ravi Kumar', phone, role: 'staff' };
    expect(await auditOf(t(), `staff:${added.body.id}`)).toEqual([
      { actor: `staff:${owner.id}`, action: 'staff.add', details },
      { actor: `staff:${owner.id}`, action: 'staff.remove', details },
    ]);
    // the phone is free again for a new person
    expect(
      (await ownerClient.post('/admin/api/staff', { name: 'Ravi Kumar', phone, role: 'staff' })).status,
    ).toBe(201);
  });

  it('refuses a cookie-signed-in write without the CSRF token; the bearer needs none', async () => {
    const body = () => ({ name: 'Meena Iyer', phone: uniquePhone(), role: 'staff' });
    for (const token of ['', 'forged-token']) {
      const res = await ownerClient.post('/admin/api/staff', body(), { 'x-csrf-token': token });
      expect(res.status).toBe(403);
    }
    const bearer = await automation().post<StaffMember>('/admin/api/staff', body(), BEARER);
    expect(bearer.status).toBe(201);
    expect(await auditOf(t(), `staff:${bearer.body.id}`)).toEqual([
      { actor: 'admin', action: 'staff.add', details: expect.objectContaining({ name: 'Meena Iyer' }) },
    ]);
  });

  it('keeps staff out of staff management and the activity log (403), not out of orders', async () => {
    const ravi = await person(t(), 'staff');
    const client = await signedIn(t(), ravi.phone);
    const only = { error: 'Only the owner can do this' };
    expect((await client.get('/admin/api/staff')).body).toEqual(only);
    expect((await client.get('/admin/api/activity')).status).toBe(403);
    const add = await client.post('/admin/api/staff', {
      name: 'Mallory',
      phone: uniquePhone(),
      role: 'owner',
    });
    expect(add.status).toBe(403);
    expect((await client.request('DELETE', `/admin/api/staff/${owner.id}`)).status).toBe(403);
    expect((await client.get('/admin/api/orders')).status).toBe(200);
  });

  it("ends a removed person's session at once", async () => {
    const ravi = await person(t(), 'staff');
    const client = await signedIn(t(), ravi.phone);
    expect((await client.get('/admin/api/session')).status).toBe(200);
    expect((await ownerClient.request('DELETE', `/admin/api/staff/${ravi.id}`)).status).toBe(204);
    expect((await client.get('/admin/api/session')).status).toBe(401);
    expect((await client.get('/admin/api/orders')).status).toBe(401);
    expect(await sessionRows(t(), ravi.id)).toEqual([]);
    // and cannot sign in again
    const { code } = (await client.get<{ code: string }>(`/api/dev/sms/${ravi.phone}`)).body;
    expect((await client.post('/admin/api/session', { phone: ravi.phone, code })).status).toBe(401);
  });

  it('refuses to remove oneself', async () => {
    const res = await ownerClient.request('DELETE', `/admin/api/staff/${owner.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: NOT_YOURSELF });
  });

  it('shows the owner the activity, newest first with who did it, 50 a page', async () => {
    const ravi = await person(t(), 'staff', 'Kiran Das');
    await signedIn(t(), ravi.phone);
    const added = await automation().post<StaffMember>(
      '/admin/api/staff',
      { name: 'Nila Sen', phone: uniquePhone(), role: 'staff' },
      BEARER,
    );
    const shopper = await t()
      .db.selectFrom('customers')
      .select(['id', 'phone'])
      .limit(1)
      .executeTakeFirstOrThrow();
    await t()
      .db.insertInto('audit_log')
      .values({
        actor: `customer:${shopper.id}`,
        action: 'return.request',
        subject: 'purchase:x',
        details: '{}',
      })
      .execute();

    const first = await ownerClient.get<ActivityPage>('/admin/api/activity');
    expect(first.status).toBe(200);
    const [request, add, signIn] = first.body.entries;
    expect(request).toEqual({
      id: expect.any(Number),
      who: `Shopper ${shopper.phone}`,
      action: 'return.request',
      subject: 'purchase:x',
      details: {},
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(add).toMatchObject({ who: 'Automation', action: 'staff.add', subject: `staff:${added.body.id}` });
    expect(signIn).toMatchObject({ who: 'Kiran Das', action: 'staff.sign-in', subject: `staff:${ravi.id}` });

    for (let i = 0; i < 50; i++) {
      await t()
        .db.insertInto('audit_log')
        .values({ actor: 'admin', action: 'stock.set', subject: `product:${i}`, details: '{}' })
        .execute();
    }
    const page = await ownerClient.get<ActivityPage>('/admin/api/activity');
    expect(page.body.entries).toHaveLength(50);
    expect(page.body.next).toBe(page.body.entries.at(-1)?.id);
    const next = await ownerClient.get<ActivityPage>(`/admin/api/activity?before=${page.body.next}`);
    expect(next.body.entries[0]).toEqual(request);
    const ids = [...page.body.entries, ...next.body.entries].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await ownerClient.get('/admin/api/activity?before=abc')).status).toBe(400);
  });
});

describeEachDatabase('back office: the last owner', (t) => {
  it('cannot be removed, by the token or anyone', async () => {
    const owners = await t().db.selectFrom('staff').select('id').where('role', '=', 'owner').execute();
    expect(owners).toEqual([]);
    const only = await person(t(), 'owner', 'Asha Rao');
    const res = await new TestClient(t().baseUrl).request(
      'DELETE',
      `/admin/api/staff/${only.id}`,
      undefined,
      BEARER,
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: LAST_OWNER });
  });
});

describeEachDatabase(
  'back office without ADMIN_TOKEN',
  (t) => {
    describe('staff still sign in; the bearer way is off', () => {
      it('answers any bearer 401 and lets an owner in by code', async () => {
        const res = await new TestClient(t().baseUrl).get('/admin/api/session', {
          authorization: 'Bearer x',
        });
        expect(res.status).toBe(401);
        const asha = await person(t(), 'owner', 'Asha Rao');
        const client = await signedIn(t(), asha.phone);
        expect((await client.get<StaffList>('/admin/api/staff')).body.staff).toHaveLength(1);
      });
    });
  },
  { ADMIN_TOKEN: '' },
);
