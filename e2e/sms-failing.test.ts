import { afterAll, describe, expect, it } from 'vitest';
import { SMS_FAILING } from '../contract/accounts-constants.ts';
import { startFakeMsg91 } from '../server/integrations/msg91/fake-server.ts';
import { FAILING_AFTER } from '../server/platform/sms/watch.ts';
import { startTestApp } from '../server/test/app.ts';
import { uniquePhone } from '../server/test/shopper.ts';
import { addStaff } from './support/back-office.ts';
import { browserSite } from './support/site.ts';

// MSG91 failing: the shopper's login and the back office's sign-in say so in the server's words

const gateway = await startFakeMsg91();
afterAll(() => gateway.close());
gateway.answer = { status: 500, body: '{"type":"error","message":"Internal error"}' };

const site = browserSite(() =>
  startTestApp('pglite', {
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'fake-auth-key-0123',
    MSG91_TEMPLATE_ID: '65f1a2b3c4d5e6f708192a3b',
    MSG91_BASE_URL: gateway.url,
  }),
);

describe('codes while the SMS provider is failing, in the browser', () => {
  it('tells a shopper and a staff member to try again in a few minutes, never that a code went', async () => {
    const client = await site.app.client();
    for (let i = 0; i < FAILING_AFTER; i += 1) {
      expect((await client.post('/api/otp/send', { phoneNumber: uniquePhone() })).status).toBe(502);
    }

    const page = await site.openPage({ width: 360, height: 740 });
    await page.goto('/login');
    await page.getByLabel('Phone number').fill(uniquePhone());
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await page.getByText(SMS_FAILING).first().waitFor();
    expect(await page.getByText('OTP sent').count()).toBe(0);

    const owner = await addStaff(site.app, 'Asha Owner', 'owner');
    for (const phone of [owner.phone, '9000000002']) {
      await page.goto('/admin/');
      await page.getByLabel('Mobile number').fill(phone);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText(SMS_FAILING).first().waitFor();
      expect(await page.getByText('a code is on its way').count()).toBe(0);
      expect(await page.getByText('Code sent').count()).toBe(0);
    }
  });
});
