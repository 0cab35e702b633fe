import { beforeAll, expect, it } from 'vitest';
import type { AdminShop, PolicyResponse, ShopDetails } from '../../../contract/shop.ts';
import { LEGAL_FORMS } from '../../../contract/shop-constants.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { DEFAULT_POLICIES } from './default-policies.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** The owner's words before they are set, and after they are cleared. */
const UNSET = {
  about: null,
  footerText: null,
  pageTitle: null,
  metaDescription: null,
  legalForm: null,
  legalFormText: null,
};

type Refused = { error?: string; fields?: Record<string, string> };

/** The shop's own words (issue 38): the owner's texts and legal form, and what the shop says without them. */
describeEachDatabase('the shop’s own words', (t) => {
  let admin: TestClient;
  let visitor: TestClient;
  const shop = async () => (await visitor.get<ShopDetails>('/api/shop')).body;
  const put = (body: unknown) => admin.put<AdminShop & Refused>('/admin/api/shop', body, BEARER);
  const policy = async (page: string) =>
    (await visitor.get<PolicyResponse>(`/api/policies/${page}`)).body.html;

  beforeAll(async () => {
    admin = await t().client();
    visitor = await t().client();
  });

  it('are null until set, and no standard page names a legal form or delivery "across India"', async () => {
    expect(await shop()).toMatchObject(UNSET);
    for (const text of Object.values(DEFAULT_POLICIES)) expect(text).not.toMatch(/across India/i);
    const pages = await Promise.all(['terms', 'contact', 'shipping'].map(policy));
    for (const html of pages) {
      expect(html).not.toMatch(/across India|proprietorship|Private Limited|Partnership/i);
      expect(html).not.toContain('{legalForm}');
    }
    expect(pages[1]).toMatch(/<strong>[^<]+<\/strong>, registered under GST\./);
    expect(pages[2]).toContain('We deliver to the pincodes our delivery partners serve.');
  });

  it('takes any subset of the texts and each legal form, with its exact words', async () => {
    const words = {
      about: 'Handloom saris from Phulia, woven by families we know.',
      footerText: 'Open on Durga Puja.\nClosed on Sundays.',
      pageTitle: 'Phulia Looms: handloom saris',
      metaDescription: 'Handloom saris from Phulia, straight from the weavers.',
    };
    const saved = await put(words);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(words);
    expect(await shop()).toMatchObject({ ...words, legalForm: null, legalFormText: null });

    const texts = [
      'Proprietorship',
      'Partnership firm',
      'Limited Liability Partnership (LLP)',
      'Private Limited Company',
      'Public Limited Company',
      'One Person Company (OPC)',
    ];
    expect(Object.values(LEGAL_FORMS)).toEqual(texts);
    for (const [index, legalForm] of [
      'proprietorship',
      'partnership',
      'llp',
      'private_limited',
      'public_limited',
      'one_person_company',
    ].entries()) {
      expect((await put({ legalForm })).status).toBe(200);
      expect(await shop()).toMatchObject({ ...words, legalForm, legalFormText: texts[index] });
    }
  });

  it('puts the legal form into the standard contact and terms pages, and the owner’s {legalForm}', async () => {
    await put({ legalName: 'Phulia Looms Private Limited', legalForm: 'private_limited' });
    const line =
      '<strong>Phulia Looms Private Limited</strong>: Private Limited Company, registered under GST.';
    expect(await policy('contact')).toContain(line);
    expect(await policy('terms')).toContain(line);
    await put({ policies: { payment: 'We are a {legalForm}.' } });
    expect(await policy('payment')).toBe('<p>We are a Private Limited Company.</p>\n');
    // cleared: the sentence names no form, and the owner's placeholder says nothing
    await put({ legalForm: null });
    expect(await policy('contact')).toContain(
      '<strong>Phulia Looms Private Limited</strong>, registered under GST.',
    );
    expect(await policy('payment')).toBe('<p>We are a .</p>\n');
    await put({ policies: { payment: null }, legalName: null });
  });

  it('clears each text with null or ""', async () => {
    await put({ about: 'a', footerText: 'b', pageTitle: 'c', metaDescription: 'd', legalForm: 'llp' });
    const cleared = await put({
      about: null,
      footerText: '',
      pageTitle: '  ',
      metaDescription: null,
      legalForm: '',
    });
    expect(cleared.status).toBe(200);
    expect(await shop()).toMatchObject(UNSET);
  });

  it('keeps texts at their limits and refuses one over, or another legal form, with 400 naming it, nothing changed', async () => {
    const atLimits = {
      about: 'a'.repeat(300),
      footerText: 'f'.repeat(500),
      pageTitle: 't'.repeat(70),
      metaDescription: 'm'.repeat(160),
      legalForm: 'partnership',
    };
    expect((await put(atLimits)).status).toBe(200);
    const before = await shop();
    for (const [field, value] of [
      ['about', 'a'.repeat(301)],
      ['footerText', 'f'.repeat(501)],
      ['pageTitle', 't'.repeat(71)],
      ['metaDescription', 'm'.repeat(161)],
      ['legalForm', 'sole_trader'],
      ['legalForm', 'Proprietorship'],
      ['pageTitle', 'two\nlines'],
      ['about', 'a bell\u0007'],
    ] as const) {
      const res = await put({ about: 'would change', [field]: value });
      expect(res.status, `${field}: ${value.slice(0, 12)}`).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
      expect(await shop()).toEqual(before);
    }
    const wrongType = await put({ legalForm: 3 });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.fields ?? {})).toEqual(['legalForm']);
  });

  it('records a change of the words in the audit log, and lets no one but the owner change them', async () => {
    await put({ about: 'Before' });
    await put({ about: 'After' });
    const rows = await t()
      .db.selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'shop.set')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(rows[0]?.details).toMatchObject({ about: { old: 'Before', new: 'After' } });
    const stranger = await visitor.put<Refused>('/admin/api/shop', { about: 'Hacked' });
    expect(stranger.status).toBe(401);
    expect((await shop()).about).toBe('After');
  });
});
