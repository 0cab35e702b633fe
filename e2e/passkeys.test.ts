import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { closedPort } from '../server/test/command-line.ts';
import { addStaff, enterCode, sendCode } from './support/back-office.ts';
import { expectAccessible } from './support/browser.ts';
import { logIn } from './support/shopper.ts';
import { alertWith, browserSite } from './support/site.ts';

// WebAuthn needs a secure context, which http://localhost is (an IP address is not): the pages open there,
// and PUBLIC_URL names it
const site = browserSite(async () => {
  const port = await closedPort();
  const origin = `http://localhost:${port}`;
  return { ...(await startTestApp('pglite', { PUBLIC_URL: origin }, { port })), baseUrl: origin };
});

/** Chromium's virtual authenticator in this page: a platform one that holds passkeys and verifies the user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe('passkeys in the browser', () => {
  it('registers a passkey in the back office, signs out, and signs in with it', async () => {
    const owner = await addStaff(site.app, 'Asha Owner', 'owner');
    const page = await site.openPage();
    await addVirtualAuthenticator(page);
    await page.goto('/admin/');
    await sendCode(page, owner);
    await enterCode(site, page, owner);

    // after a code sign-in the back office suggests a passkey
    await page.getByRole('complementary', { name: 'Passkeys' }).waitFor();
    await page.getByRole('link', { name: 'Add a passkey' }).click();
    await page.getByRole('heading', { name: 'Your passkeys' }).waitFor();
    await page.getByLabel('Name (optional)').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await alertWith(page, 'Passkey added: Test laptop').waitFor();
    await page.getByRole('cell', { name: 'Test laptop', exact: true }).waitFor();
    await expectAccessible(page, 'passkeys');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByText('Asha Owner').count()).toBeGreaterThan(0);
    // no suggestion after a passkey sign-in
    expect(await page.getByRole('complementary', { name: 'Passkeys' }).count()).toBe(0);

    await page.goto('/admin/passkeys');
    const row = page.getByRole('row').filter({ hasText: 'Test laptop' });
    await row.waitFor();
    expect(await row.getByText('Never').count()).toBe(0);
  });

  it("adds a shopper's passkey on the profile and logs in with it at 320 px", async () => {
    const customer = await site.app.db
      .selectFrom('customers')
      .select('phone')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const page = await site.openPage({ width: 320, height: 700 });
    await addVirtualAuthenticator(page);
    await logIn(site, page, customer.phone);

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'PASSKEYS' }).waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await alertWith(page, 'Passkey added: Passkey').waitFor();
    await page.getByRole('button', { name: 'Remove Passkey' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await page.goto('/api/userSignout');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${site.app.baseUrl}/`);
    const check = await page.evaluate(async () => (await fetch('/loginCheck')).status);
    expect(check).toBe(200);
  });
});
