import { beforeAll, expect, it } from 'vitest';
import type { PolicyResponse, ShopSettings } from '../../../contract/shop.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { TestClient } from '../../test/http.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

type Answer = ShopSettings & { error?: string; fields?: Record<string, string> };

const COD_DEFAULTS = { codEnabled: false, codFee: 49, codMaxOrderValue: 5000, codRtoLimit: 2 };

const settingsAudits = async (t: TestApp) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '=', 'settings.set')
      .executeTakeFirstOrThrow()
  ).n;

/** The owner's cash on delivery settings (contract: cash-on-delivery.md, "Settings"). */
describeEachDatabase(
  'the owner’s cash on delivery settings, in a shop started without the demo',
  (t) => {
    let admin: TestClient;
    const get = () => admin.get<Answer>('/admin/api/settings', BEARER);
    const put = (body: unknown) => admin.put<Answer>('/admin/api/settings', body, BEARER);

    beforeAll(() => {
      admin = new TestClient(t().baseUrl);
    });

    it('starts with COD off, a ₹49 fee, a ₹5,000 cap and 2 refused parcels', async () => {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(COD_DEFAULTS);
    });

    it('takes any subset, keeps the rest, and records who changed what', async () => {
      const before = (await get()).body;
      const fee = await put({ codFee: 0 });
      expect(fee.status).toBe(200);
      expect(fee.body).toEqual({ ...before, codFee: 0 });
      const rest = await put({ codEnabled: true, codMaxOrderValue: 10_00_000, codRtoLimit: 20 });
      expect(rest.body).toEqual({
        ...before,
        codEnabled: true,
        codFee: 0,
        codMaxOrderValue: 10_00_000,
        codRtoLimit: 20,
      });
      expect((await get()).body).toEqual(rest.body);
      // shoppers are told the shop takes cash at all (the footer), at once
      const shop = await admin.get<{ cashOnDelivery: boolean }>('/api/shop');
      expect(shop.body.cashOnDelivery).toBe(true);
      const lowest = await put({ codFee: 1000, codMaxOrderValue: 1, codRtoLimit: 1, codEnabled: false });
      expect(lowest.body).toMatchObject({
        codEnabled: false,
        codFee: 1000,
        codMaxOrderValue: 1,
        codRtoLimit: 1,
      });
      expect((await admin.get<{ cashOnDelivery: boolean }>('/api/shop')).body.cashOnDelivery).toBe(false);
      const last = await t()
        .db.selectFrom('audit_log')
        .select(['actor', 'details'])
        .where('action', '=', 'settings.set')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.actor).toBe('admin');
      expect(last.details).toEqual({
        codEnabled: { old: true, new: false },
        codFee: { old: 0, new: 1000 },
        codMaxOrderValue: { old: 10_00_000, new: 1 },
        codRtoLimit: { old: 20, new: 1 },
      });
      expect((await put(COD_DEFAULTS)).body).toMatchObject(COD_DEFAULTS);
    });

    it('refuses each bad value by its field, 400 with nothing changed', async () => {
      const before = (await get()).body;
      const audits = await settingsAudits(t());
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ codFee: -1 }, 'codFee', /^Enter a whole number of rupees from 0 to 1,000$/],
        [{ codFee: 1001 }, 'codFee', /^Enter a whole number of rupees from 0 to 1,000$/],
        [{ codFee: 49.5 }, 'codFee', /./],
        [{ codFee: '49' }, 'codFee', /./],
        [{ codMaxOrderValue: 0 }, 'codMaxOrderValue', /from 1 to 10,00,000$/],
        [{ codMaxOrderValue: 10_00_001 }, 'codMaxOrderValue', /from 1 to 10,00,000$/],
        [{ codMaxOrderValue: 2500.5 }, 'codMaxOrderValue', /./],
        [{ codRtoLimit: 0 }, 'codRtoLimit', /^Enter a whole number of refused deliveries from 1 to 20$/],
        [{ codRtoLimit: 21 }, 'codRtoLimit', /^Enter a whole number of refused deliveries from 1 to 20$/],
        [{ codRtoLimit: 1.5 }, 'codRtoLimit', /./],
        [{ codEnabled: 'yes' }, 'codEnabled', /./],
        [{ codEnabled: 1 }, 'codEnabled', /./],
        [{ codEnabled: null }, 'codEnabled', /./],
      ];
      for (const [body, field, message] of cases) {
        const res = await put(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error, JSON.stringify(body)).toEqual(expect.any(String));
        expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toEqual([field]);
        expect(res.body.fields?.[field], JSON.stringify(body)).toMatch(message);
      }
      // a good value beside bad ones is not written either; each bad one is named
      const mixed = await put({ codEnabled: true, codFee: 20, codMaxOrderValue: 0, codRtoLimit: 21 });
      expect(mixed.status).toBe(400);
      expect(Object.keys(mixed.body.fields ?? {}).sort()).toEqual(['codMaxOrderValue', 'codRtoLimit']);
      expect((await get()).body).toEqual(before);
      expect(await settingsAudits(t())).toBe(audits);
    });

    it('puts the settings in the payment policy: not offered while off; its fee, cap and confirmation while on', async () => {
      const visitor = await t().client();
      const page = async (name: string) =>
        (await visitor.get<PolicyResponse>(`/api/policies/${name}`)).body.html;
      const off = await page('payment');
      expect(off).toContain('<h2>Prepaid orders only</h2>');
      expect(off).toContain('We do <strong>not</strong> offer cash on delivery.');
      expect(await page('terms')).toContain('We do <strong>not</strong> offer cash on delivery.');
      expect(await page('cancellation')).not.toMatch(/cash on delivery/i);

      expect(
        (await put({ codEnabled: true, codFee: 39, codMaxOrderValue: 1_25_000, codRtoLimit: 3 })).status,
      ).toBe(200);
      const on = await page('payment');
      expect(on).toContain('<h2>Online, or cash on delivery</h2>');
      expect(on).toContain('<strong>cash on delivery</strong> is offered on orders of up to ₹1,25,000');
      expect(on).toContain('for a fee of ₹39 added to your order');
      expect(on).toContain(
        'we send a 6-digit code by SMS to your phone: enter it on your Orders page within 15 minutes to confirm the order',
      );
      expect(on).toContain('Once you have refused 3 parcels at the door');
      expect(on).not.toMatch(/do <strong>not<\/strong> offer cash|Prepaid orders only|\{\w+\}/);
      // the spec's other words stay
      expect(on).toContain('Prices are in Indian rupees (₹) and include all applicable taxes.');
      expect(await page('terms')).toContain('for a fee of ₹39');
      expect(await page('cancellation')).toContain('give the UPI ID or bank account the refund should go to');
      expect((await put({ codFee: 0, codRtoLimit: 1 })).status).toBe(200);
      expect(await page('payment')).toContain('at no extra charge');
      expect(await page('payment')).toContain('Once you have refused a parcel at the door');

      // the owner's own text takes the same words
      const own = 'Cash on delivery costs {codFee} up to {codMaxOrderValue}. {cashOnDelivery}';
      const mine = await admin.put('/admin/api/shop', { policies: { payment: own } }, BEARER);
      expect(mine.status).toBe(200);
      expect(await page('payment')).toMatch(
        /^<p>Cash on delivery costs ₹0 up to ₹1,25,000\. You can also pay in cash/,
      );
      expect((await put({ codEnabled: false })).status).toBe(200);
      expect(await page('payment')).toBe(
        '<p>Cash on delivery costs ₹0 up to ₹1,25,000. We do <strong>not</strong> offer cash on delivery.</p>\n',
      );
      await admin.put('/admin/api/shop', { policies: { payment: null } }, BEARER);
      expect(await page('payment')).toBe(off);
      expect((await put(COD_DEFAULTS)).status).toBe(200);
    });

    it('is the owner’s: staff get 403 and change nothing; a signed-in owner changes it', async () => {
      const before = (await get()).body;
      const staff = await staffSignedIn(t(), (await staffPerson(t(), 'staff')).phone);
      expect((await staff.get('/admin/api/settings')).status).toBe(403);
      expect((await staff.put('/admin/api/settings', { codEnabled: true })).status).toBe(403);
      expect((await get()).body).toEqual(before);
      const owner = await staffSignedIn(t(), (await staffPerson(t(), 'owner', 'Asha Owner')).phone);
      const changed = await owner.put<Answer>('/admin/api/settings', { codEnabled: true, codFee: 39 });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ codEnabled: true, codFee: 39 });
      expect((await owner.get<Answer>('/admin/api/settings')).body).toEqual(changed.body);
    });
  },
  {},
  { empty: true },
);

describeEachDatabase(
  'the cash on delivery settings of a shop filled with the demo',
  (t) => {
    it('has COD on, with the standard fee, cap and refusals, and its policy says so', async () => {
      const res = await new TestClient(t().baseUrl).get<Answer>('/admin/api/settings', BEARER);
      expect(res.body).toMatchObject({ ...COD_DEFAULTS, codEnabled: true });
      const payment = await (await t().client()).get<PolicyResponse>('/api/policies/payment');
      expect(payment.body.html).toContain('offered on orders of up to ₹5,000');
      expect(payment.body.html).toContain('for a fee of ₹49');
      // the window is the server's COD_CONFIRM_SECONDS
      expect(payment.body.html).toContain('within 1 hour to confirm the order');
    });
  },
  { COD_CONFIRM_SECONDS: '3600' },
);
