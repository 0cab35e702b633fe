import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SetupAnswer } from '../contract/setup.ts';
import type { PublicShop } from '../contract/shop.ts';
import { TEST_MODE_BANNER } from '../contract/shop-constants.ts';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../server/test/app.ts';
import { uniquePhone } from '../server/test/shopper.ts';
import { expectAccessible } from './support/browser.ts';
import { browserSite } from './support/site.ts';

// going live rehearsed: a production start with Razorpay's test keys runs in test mode, and says so

/** production as the owner sets it, with Razorpay's test keys and the codes in the server's log */
const REHEARSAL = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
  PUBLIC_URL: 'https://kaveri-looms.example',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_K4v3r1L00ms',
  RAZORPAY_KEY_SECRET: 'test-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret',
  // no payment is taken here: nothing is sent to Razorpay
  RAZORPAY_BASE_URL: 'https://razorpay.invalid',
  SMS_PROVIDER: 'console',
};

/** the same with live keys and MSG91: real money would move */
const LIVE = {
  ...REHEARSAL,
  RAZORPAY_KEY_ID: 'rzp_live_K4v3r1L00ms',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'production-auth-key',
  MSG91_TEMPLATE_ID: 'otp_template',
  MSG91_BASE_URL: 'https://msg91.invalid',
};

const site = browserSite(() => startTestApp('pglite', REHEARSAL));

const get = async <T>(app: TestApp, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.baseUrl}${path}`, { headers });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: (type.includes('json') ? await res.json() : await res.text()) as T };
};

/** the banner as a reader finds it: a note whose text starts TEST MODE */
const banner = (page: Page) => page.getByRole('note').filter({ hasText: /^TEST MODE/ });

describe('a production start with Razorpay test keys', () => {
  it('runs in test mode: the API, the first HTML, the setup check, and no development outbox', async () => {
    const shop = await get<PublicShop>(site.app, '/api/shop');
    expect(shop.body.testMode).toBe(true);
    const home = await get<string>(site.app, '/');
    expect(home.body).toContain(
      `<div id="root"><p class="test-mode-banner" role="note">${TEST_MODE_BANNER}</p>`,
    );
    const setup = await get<SetupAnswer>(site.app, '/admin/api/setup', {
      authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
    });
    expect(setup.body.live).toBe(false);
    expect(setup.body.steps.find((step) => step.key === 'payments')?.missing).toEqual([
      'Set RAZORPAY_KEY_ID to your live key id (rzp_live_…), not a test key',
    ]);
    // codes go to the server's log only, never to a route
    expect((await get(site.app, `/api/dev/sms/${uniquePhone()}`)).status).toBe(404);
  });

  it('shows the banner on the shop’s pages and the back office’s, from 320 px', async () => {
    for (const width of [320, 1280]) {
      const page = await site.openPage({ width, height: 800 });
      for (const path of ['/', '/item/Women/Saree', '/terms']) {
        await page.goto(path);
        await banner(page).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          width,
        );
      }
      await page.goto('/admin/');
      await page.getByRole('heading', { name: 'Back office' }).waitFor();
      await banner(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 320) await expectAccessible(page, 'back-office sign-in in test mode');
    }
  });

  it('with live keys there is no test mode and no banner', async () => {
    const live = await startTestApp('pglite', LIVE);
    try {
      expect((await get<PublicShop>(live, '/api/shop')).body.testMode).toBe(false);
      expect((await get<string>(live, '/')).body).not.toContain('test-mode-banner');
    } finally {
      await live.close();
    }
  });
});
