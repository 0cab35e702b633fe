import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { Fixtures } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/browser.ts';
import { expectAlert, logIn } from './support/shopper.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

let phone = '';
let customerId = 0;

beforeAll(async () => {
  customerId = await new Fixtures(site.app.db).customer({ fname: 'Ishaan', lname: 'Bose' });
  ({ phone } = await site.app.db
    .selectFrom('customers')
    .select('phone')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow());
});

describe('SMS updates in the profile', () => {
  it('turns the shipping and delivery messages off, and keeps the choice', async () => {
    const page = await site.openPage();
    await logIn(site, page, phone);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'PERSONAL INFORMATION' }).waitFor();
    const updates = page.getByRole('checkbox', { name: /SMS when an order ships/ });
    expect(await updates.isChecked()).toBe(true);
    expect(await updates.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'EDIT' }).click();
    await updates.uncheck();
    await expectAlert(page, 'Saved successfully!', () => page.getByRole('button', { name: 'SAVE' }).click());
    await expectAccessible(page, 'profile with SMS updates');

    await page.reload();
    await page.getByRole('heading', { name: 'PERSONAL INFORMATION' }).waitFor();
    expect(await updates.isChecked()).toBe(false);
    const stored = await site.app.db
      .selectFrom('customers')
      .select('sms_updates')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(stored.sms_updates).toBe(false);
  });
});
