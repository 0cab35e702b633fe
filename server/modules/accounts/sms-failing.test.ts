import { afterAll, expect, it } from 'vitest';
import { SMS_FAILING } from '../../../contract/accounts-constants.ts';
import type { DashboardResponse } from '../../../contract/admin.ts';
import { MSG91_SUCCESS, startFakeMsg91 } from '../../integrations/msg91/fake-server.ts';
import { FAILING_AFTER, RETRY_AFTER_MS } from '../../platform/sms/watch.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { uniquePhone } from '../../test/shopper.ts';
import { staffPerson } from '../../test/staff.ts';

const gateway = await startFakeMsg91();
afterAll(() => gateway.close());

const MSG91_DOWN = { status: 500, body: '{"type":"error","message":"Internal error"}' };
const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** the app's clock, moved on by the test */
let clock = Date.now();

describeEachDatabase(
  'codes while the SMS provider is failing',
  (t) => {
    const dashboard = async () => {
      const client = await t().client();
      return (await client.get<DashboardResponse>('/admin/api/dashboard', BEARER)).body.smsProviderFailing;
    };
    const failingMetric = async () => {
      const res = await fetch(`${t().baseUrl}/metrics`, { headers: BEARER });
      return /^haat_sms_provider_failing\{provider="MSG91"\} (\d)$/m.exec(await res.text())?.[1];
    };
    /** a shopper's code and a back-office code, for a staff phone and for any other number */
    const askCodes = async () => {
      const client = await t().client();
      const staff = await staffPerson(t());
      return Promise.all([
        client.post<{ error?: string }>('/api/otp/send', { phoneNumber: uniquePhone() }),
        client.post<{ error?: string }>('/admin/api/session/code', { phone: staff.phone }),
        client.post<{ error?: string }>('/admin/api/session/code', { phone: uniquePhone() }),
      ]);
    };

    it('answers every code request 503 alike once the recent sends failed, and says so to the owner', async () => {
      gateway.answer = MSG91_SUCCESS;
      // working: the back office's answer is the same for a staff phone and any other number
      const [shopper, staff, stranger] = await askCodes();
      expect([shopper.status, staff.status, stranger.status]).toEqual([200, 200, 200]);
      expect(staff.body).toEqual(stranger.body);
      expect(await dashboard()).toBeNull();
      expect(await failingMetric()).toBe('0');

      gateway.answer = MSG91_DOWN;
      const sent = gateway.received.length;
      const client = await t().client();
      // a staff code's failure, sent after its answer, changes no later answer: that would tell its number
      for (let i = 0; i < FAILING_AFTER; i += 1) {
        const { phone } = await staffPerson(t());
        expect((await client.post('/admin/api/session/code', { phone })).status).toBe(200);
      }
      await expect.poll(() => gateway.received.length).toBeGreaterThanOrEqual(sent + FAILING_AFTER);
      for (let i = 0; i < FAILING_AFTER; i += 1) {
        const failed = await client.post('/api/otp/send', { phoneNumber: uniquePhone() });
        expect(failed.status).toBe(502);
      }
      const tried = gateway.received.length;
      const answers = await askCodes();
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ error: SMS_FAILING });
      }
      // nothing is tried while it fails
      expect(gateway.received.length).toBe(tried);
      expect(await dashboard()).toBe('MSG91');
      expect(await failingMetric()).toBe('1');

      // a few minutes on, the next code tries the provider again; once one goes, codes go
      clock += RETRY_AFTER_MS;
      gateway.answer = MSG91_SUCCESS;
      const again = await askCodes();
      expect(again.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await dashboard()).toBeNull();
      expect(await failingMetric()).toBe('0');
    });
  },
  {
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'fake-auth-key-0123',
    MSG91_TEMPLATE_ID: '65f1a2b3c4d5e6f708192a3b',
    MSG91_BASE_URL: gateway.url,
  },
  { now: () => new Date(clock) },
);
