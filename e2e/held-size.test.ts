import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../server/test/app.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { inSomeonesBag } from '../web/src/lib/holds.ts';
import { browserSite } from './support/site.ts';

const site = browserSite(() => startTestApp('pglite'));

let kurta: FixtureProduct;
let until = '';
const name = `Held kurta ${Date.now() % 1_000_000}`;

beforeAll(async () => {
  const fixtures = new Fixtures(site.app.db);
  kurta = await fixtures.product({
    name,
    features: { size: ['S', 'M', 'L'] },
    sizes: [
      ['S', 2],
      ['M', 3],
      ['L', 0],
    ],
  });
  // another shopper's unpaid checkout holds both units of S
  const attempt = await fixtures.hold(await fixtures.customer(), kurta.skus.S ?? 0, 2);
  const hold = await site.app.db
    .selectFrom('stock_holds')
    .select('expires_at')
    .where('payment_order_id', '=', attempt)
    .executeTakeFirstOrThrow();
  until = hold.expires_at.toISOString();
});

describe('a size in someone’s bag', () => {
  it('is not sold out: the page says when it may be back, and a sold-out size stays sold out', async () => {
    const page = await site.openPage({ width: 390, height: 844 });
    await page.goto(`/product/apparel/${kurta.id}`);
    await page.getByRole('heading', { name: name.toUpperCase() }).waitFor();

    const note = page.getByText(`S: ${inSomeonesBag(until)}`);
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^S: In someone's bag: may be back at \d\d:\d\d$/);
    const held = page.getByRole('button', { name: "S (in someone's bag)" });
    expect(await held.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'L (sold out)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'M', exact: true }).isEnabled()).toBe(true);
  });
});
