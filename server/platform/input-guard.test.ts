import type { FastifySchemaValidationError } from 'fastify';
import { Type } from 'typebox';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../test/app.ts';
import { type FixtureOrder, type FixtureProduct, Fixtures } from '../test/fixtures.ts';
import { TestClient } from '../test/http.ts';
import { guardedValidatorCompiler } from './input-guard.ts';

const NUL = '\u0000';
const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const PAGE = { page: 1, sort: 0 };

const refused = (field: string) => ({
  status: 400,
  body: { error: `${field} must not contain NUL characters` },
});

describeEachDatabase('NUL characters are refused at the edge', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;
  let shopper: TestClient;
  let order: FixtureOrder;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({ name: 'NUL kurta' });
    shopper = await t().client();
    const customerId = await fixtures.customer();
    await fixtures.logIn(shopper, customerId);
    order = await fixtures.order(customerId, [{ product: kurta, status: 'delivered' }]);
  });

  it('in each segment of a listing path', async () => {
    const client = await t().client();
    const userSegment = await client.post('/api/item/Wom%00en/Kurti/%7B%7D', PAGE);
    expect(userSegment).toMatchObject(refused('userSegment'));
    const genre = await client.post('/api/item/Women/Kur%00ti', PAGE);
    expect(genre).toMatchObject(refused('genre'));
    const filters = await client.post('/api/item/accessories/%00', PAGE);
    expect(filters).toMatchObject(refused('filters'));
  });

  it('in a filter value or feature, however the filters are encoded', async () => {
    const client = await t().client();
    const value = encodeURIComponent(JSON.stringify({ color: [`Re${NUL}d`] }));
    expect(await client.post(`/api/item/Women/Kurti/${value}`, PAGE)).toMatchObject(
      refused('filters.color.0'),
    );
    const feature = encodeURIComponent(JSON.stringify({ [`col${NUL}or`]: ['Red'] }));
    expect(await client.post(`/api/item/accessories/${feature}`, PAGE)).toMatchObject(refused('filters'));
    const twice = encodeURIComponent(value);
    expect(await client.post(`/api/item/Women/Kurti/${twice}`, PAGE)).toMatchObject(
      refused('filters.color.0'),
    );
    const raw = await client.post(`/api/item/Women/Kurti/${encodeURIComponent('%00')}`, PAGE);
    expect(raw).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^filters /) } });
  });

  it('in review text, a purchase id and a pincode partner', async () => {
    const review = await shopper.post(`/api/review/${kurta.id}`, {
      userReview: `Lovely${NUL}`,
      userRating: 5,
    });
    expect(review).toMatchObject(refused('userReview'));
    const purchaseId = `${order.purchaseIds[0]}${NUL}`;
    expect(await shopper.post('/cancel', { orderID: purchaseId })).toMatchObject(refused('orderID'));
    const back = await shopper.post('/return', { orderID: purchaseId, reason: 'Too small' });
    expect(back).toMatchObject(refused('orderID'));
    const pincheck = await shopper.post('/api/pincheck', { pincode: '700001', partner: `Delhivery${NUL}` });
    expect(pincheck).toMatchObject(refused('partner'));
  });

  it('in the back office: a purchase id in the path or the query, a tracking id', async () => {
    const staff = new TestClient(t().baseUrl);
    const [purchaseId = ''] = order.purchaseIds;
    const path = await staff.post(`/admin/api/orders/${purchaseId}%00/ship`, { trackingId: 'T1' }, BEARER);
    expect(path).toMatchObject(refused('purchaseId'));
    const body = await staff.post(`/admin/api/orders/${purchaseId}/ship`, { trackingId: `T${NUL}1` }, BEARER);
    expect(body).toMatchObject(refused('trackingId'));
    const query = await staff.get(`/admin/api/orders?before=${purchaseId}%00`, BEARER);
    expect(query).toMatchObject(refused('before'));
  });

  it('in a nested body field, named by its path', async () => {
    const res = await shopper.post('/api/pincheck', { pincode: '700001', partner: 'x', extra: [{ a: NUL }] });
    expect(res).toMatchObject(refused('extra.0.a'));
  });
});

describe('the guarded validator', () => {
  /** the lengths of the texts the pattern was tried on */
  const tried: number[] = [];
  class WatchedPattern extends RegExp {
    override test(text: string): boolean {
      tried.push(text.length);
      return super.test(text);
    }
  }
  const Body = Type.Object({
    name: Type.String({ maxLength: 5, pattern: new WatchedPattern('^[a-z]*$', 'u') }),
    age: Type.Optional(Type.Integer()),
  });
  type Result = { value?: unknown; error?: FastifySchemaValidationError[] };
  const validator = (schema: typeof Body, httpPart: string) => {
    const validate = guardedValidatorCompiler({ schema, httpPart, method: 'POST', url: '/' });
    return (value: unknown) => validate(value) as Result;
  };
  const body = validator(Body, 'body');

  beforeEach(() => {
    tried.length = 0;
  });

  it('never tries the pattern on a text over its maxLength, and names the length', () => {
    const { error } = body({ name: `${' '.repeat(120_000)}!`, age: 'old' });
    expect(error?.[0]).toMatchObject({ keyword: 'maxLength', instancePath: '/name' });
    expect(tried).toEqual([]);
  });

  it('lists shape and length errors first, then pattern failures', () => {
    expect(body({ name: 'AB', age: 'old' }).error?.map((e) => e.keyword)).toEqual(['type']);
    expect(body({ name: 'AB', age: 30 }).error?.map((e) => e.keyword)).toEqual(['pattern']);
    expect(body({ name: 'ab', age: 30 })).toEqual({ value: { name: 'ab', age: 30 } });
  });

  it('refuses a NUL in a text or a key first, naming where it is', () => {
    expect(body({ name: 'a\u0000b', age: 'old' }).error).toMatchObject([
      { keyword: 'nul', instancePath: '/name', message: 'must not contain NUL characters' },
    ]);
    expect(body({ list: [{ 'a\u0000': 1 }] }).error).toMatchObject([{ instancePath: '/list/0' }]);
    expect(tried).toEqual([]);
  });

  it('converts params and queries as the TypeBox type provider does, never bodies', () => {
    expect(validator(Body, 'params')({ name: 'ab', age: '30' })).toEqual({ value: { name: 'ab', age: 30 } });
    expect(body({ name: 'ab', age: '30' }).error).toMatchObject([{ keyword: 'type', instancePath: '/age' }]);
  });
});
