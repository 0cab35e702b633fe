import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, it } from 'vitest';
import { describeEachDatabase, startTestApp, TEST_ADMIN_TOKEN } from '../test/app.ts';
import { DescribedAnswers } from '../test/described-answers.ts';

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  'x-key-variants'?: Record<string, Operation>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

/** `POST /api/item/:userSegment/:genre` as the document writes it */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describeEachDatabase('the API description', (t) => {
  let document: OpenApiDocument;
  const operation = (method: string, path: string) => {
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    return found;
  };

  it('every route of the API declares its answers (the web app, the reference page and /metrics aside)', () => {
    const { described, undescribed } = t().app.apiRoutes();
    expect(undescribed).toEqual([]);
    expect(described.length).toBeGreaterThan(30);
  });

  it('GET /api/openapi.json is an OpenAPI 3.1 document holding every described route', async () => {
    const res = await fetch(`${t().baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await res.json()) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('haat');
    for (const route of t().app.apiRoutes().described) {
      const [method = '', url = ''] = route.split(' ');
      expect(document.paths[documentPath(url)], route).toHaveProperty(method.toLowerCase());
    }
  });

  it("every schema in the document is valid JSON Schema 2020-12 (OpenAPI 3.1's dialect)", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses).flatMap((answer) => Object.values(answer.content ?? {})),
      ]),
    );
    expect(schemas.length).toBeGreaterThan(50);
    for (const { schema } of schemas) expect(() => ajv.compile(schema as object)).not.toThrow();
  });

  it('describes a route with its body, its answer and its errors', () => {
    const createOrder = operation('post', '/create-order');
    expect(createOrder.tags).toEqual(['shop']);
    expect(createOrder.security).toEqual([{ csrfToken: [], browserCookie: [] }]);
    expect(createOrder.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['amount']),
    });
    expect(Object.keys(createOrder.responses).sort()).toEqual(['200', '400', '403', '4XX', '500', '503']);
    const error = createOrder.responses['4XX']?.content?.['application/json']?.schema;
    expect(error).toMatchObject({ type: 'object', required: ['error'] });
    // a route's own error answer stays as it declared it
    const otp = operation('post', '/api/otp/send');
    expect(otp.responses['429']?.content?.['application/json']?.schema).toMatchObject({
      required: ['error', 'retryAfter'],
    });
  });

  it('the back office asks for the bearer token; health and readiness are operations', () => {
    const orders = operation('get', '/admin/api/orders');
    expect(orders.tags).toEqual(['back office']);
    expect(orders.security).toEqual([{ adminToken: [] }]);
    expect(orders.responses).toHaveProperty('401');
    expect(operation('get', '/readyz').responses).toHaveProperty('503');
    expect(operation('get', '/healthz').tags).toEqual(['operations']);
  });

  it('a path shared by calls told apart by the key header is one operation with every variant', () => {
    const signUp = operation('post', '/api/signUp');
    const key = signUp.parameters?.find((p) => p.in === 'header' && p.name === 'key');
    expect(key?.schema.enum?.toSorted()).toEqual(['login', 'mail', 'phone']);
    expect(Object.keys(signUp['x-key-variants'] ?? {}).sort()).toEqual(['login', 'mail', 'phone']);
    expect(signUp.requestBody?.content['application/json']?.schema).toHaveProperty('anyOf');
    const product = operation('post', '/product/{prod}/{productID}');
    expect(Object.keys(product['x-key-variants'] ?? {}).sort()).toEqual(['addCart', 'wishUpdate']);
    expect(product.responses).toHaveProperty('400');
  });

  it('GET /api/docs is the browsable reference of the same document', async () => {
    const page = await fetch(`${t().baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('swagger-ui-bundle.js');
    const json = await fetch(`${t().baseUrl}/api/docs/json`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(await json.json()).toEqual(document);
  });

  it("the contract clients hold every answer to it: the status, and the body against the status's schema", async () => {
    const answers = await DescribedAnswers.load(t().baseUrl);
    const json = 'application/json; charset=utf-8';
    const check = { method: 'GET', path: '/api/check', contentType: json };
    expect(() => answers.check({ ...check, status: 200, body: { csrfToken: 'a' } })).not.toThrow();
    expect(() => answers.check({ ...check, status: 200, body: { token: 'a' } })).toThrow(/does not match/);
    expect(() => answers.check({ ...check, status: 404, body: { error: 'Not found' } })).not.toThrow();
    expect(() => answers.check({ ...check, status: 404, body: { message: 'x' } })).toThrow(/does not match/);
    expect(() => answers.check({ ...check, status: 302, body: '' })).toThrow(/no answer with this status/);
    expect(() => answers.check({ ...check, path: '/api/nowhere', status: 200, body: {} })).toThrow(/no such/);
    // a keyed call is held to its own variant; a path with a literal segment wins over a parameter
    const product = { method: 'POST', path: '/product/apparel/7', status: 200, contentType: json };
    expect(() => answers.check({ ...product, key: 'addCart', body: { cartInd: 1 } })).not.toThrow();
    expect(() => answers.check({ ...product, key: 'wishUpdate', body: { cartInd: 1 } })).toThrow(
      /does not match/,
    );
    const accessories = {
      method: 'POST',
      path: '/api/item/accessories/%7B%7D',
      status: 200,
      contentType: json,
    };
    expect(() => answers.check({ ...accessories, body: { prods: 'none' } })).toThrow(/does not match/);
  });
});

it('with API_DOCS=off (the production default) /api/docs is not found and /api/openapi.json stays', async () => {
  const app = await startTestApp('pglite', { API_DOCS: 'off' });
  try {
    for (const path of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await fetch(`${app.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: `Not found: GET ${path}` });
    }
    const document = await fetch(`${app.baseUrl}/api/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
  } finally {
    await app.close();
  }
});
