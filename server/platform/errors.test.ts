import Fastify from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../test/app.ts';
import { registerErrorHandling } from './errors.ts';

const LISTING = '/api/item/Women/Kurti/%7B%7D';

describeEachDatabase('error answers', (t) => {
  it('names a missing, an extra and a wrongly typed body field', async () => {
    const client = await t().client();
    const missing = await client.post(LISTING, { sort: 0 });
    expect(missing).toMatchObject({ status: 400, body: { error: 'page is required' } });
    const extra = await client.post(LISTING, { page: 1, sort: 0, admin: true });
    expect(extra).toMatchObject({ status: 400, body: { error: 'admin is not allowed' } });
    const text = await client.post(LISTING, { page: '1', sort: 0 });
    expect(text).toMatchObject({ status: 400, body: { error: 'page must be integer' } });
    const sort = await client.post(LISTING, { page: 1, sort: 6 });
    expect(sort).toMatchObject({ status: 400, body: { error: 'sort must be one of 0, 1, 2, 3, 4, 5' } });
  });

  it('answers a malformed URL, bad JSON and a wrong content type in the same JSON shape', async () => {
    const client = await t().client();
    const url = await client.get('/api/item/%E0%A4%A/x');
    expect(url).toMatchObject({ status: 400, body: { error: 'Malformed URL' } });
    const json = await client.post(LISTING, '{"page":', { 'content-type': 'application/json' });
    expect(json).toMatchObject({ status: 400, body: { error: 'Request body is not valid JSON' } });
    const type = await client.post(LISTING, 'page=1', { 'content-type': 'text/csv' });
    expect(type).toMatchObject({ status: 415, body: { error: 'Unsupported content type' } });
  });

  it('refuses a body nested deeper than any contract before parsing it, and parses one at the limit', async () => {
    const client = await t().client();
    const nested = `${'['.repeat(450_000)}${']'.repeat(450_000)}`;
    // the shop's details take bodies up to 1 MB (their policies); a listing's, 1 KB (refused unread)
    const owner = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const deep = await client.put('/admin/api/shop', nested, owner);
    expect(deep).toMatchObject({
      status: 400,
      body: { error: 'JSON bodies may nest at most 16 levels deep' },
    });
    const listing = await client.post(LISTING, nested, { 'content-type': 'application/json' });
    expect(listing).toMatchObject({ status: 413, body: { error: 'Request body is too large' } });
    // brackets inside a text are text: this body is one level deep, and only its field is wrong
    const quoted = await client.post(LISTING, { page: 1, sort: 0, x: '[[[[[[[[[[[[[[[[[[[[' });
    expect(quoted).toMatchObject({ status: 400, body: { error: 'x is not allowed' } });
    const atLimit = { page: 1, sort: 0, x: JSON.parse(`${'['.repeat(15)}${']'.repeat(15)}`) };
    expect(await client.post(LISTING, atLimit)).toMatchObject({
      status: 400,
      body: { error: 'x is not allowed' },
    });
  });

  it('refuses a JSON body over 1 MB with 413, even on the routes that take the most', async () => {
    const client = await t().client();
    const big = JSON.stringify({ page: 1, sort: 0, pad: 'x'.repeat(1024 * 1024) });
    const res = await client.post(LISTING, big, { 'content-type': 'application/json' });
    expect(res).toMatchObject({ status: 413, body: { error: 'Request body is too large' } });
    const owner = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const policies = JSON.stringify({ policies: { terms: 'x'.repeat(1024 * 1024) } });
    const shop = await client.put('/admin/api/shop', policies, owner);
    expect(shop).toMatchObject({ status: 413, body: { error: 'Request body is too large' } });
  });

  it('answers API-only paths with JSON, never the web app', async () => {
    const client = await t().client();
    for (const path of ['/api', '/editProfile', '/create-order', '/upload/apparel/1']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ error: expect.any(String) });
    }
  });

  it('answers 400 when a value the database cannot take gets past the edge (a NUL, text for a number)', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/text', () => sql`SELECT ${'a\u0000b'}::text AS t`.execute(t().db));
    app.get('/number', () => sql`SELECT ${'ten'}::int AS n`.execute(t().db));
    for (const url of ['/text', '/number']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'The request holds a value that cannot be stored' });
    }
    await app.close();
  });
});
