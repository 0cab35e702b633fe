import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import { describeEachDatabase } from '../test/app.ts';
import { Fixtures } from '../test/fixtures.ts';
import { registerSecurityHeaders } from './security-headers.ts';

const BUILT_PAGE = fileURLToPath(new URL('../../dist/web/index.html', import.meta.url));

/** The CSP's directives by name: `script-src` -> its sources. */
function directives(csp: string | null): Map<string, string[]> {
  const entries = (csp ?? '').split(';').map((part) => part.trim().split(/\s+/));
  return new Map(entries.map(([name = '', ...sources]) => [name, sources]));
}

describe('security headers for each configuration', () => {
  async function headersFor(overrides: Partial<Config>) {
    const app = Fastify();
    registerSecurityHeaders(app, { ...loadConfig({ NODE_ENV: 'test' }), ...overrides });
    app.get('/', async () => 'page');
    // the headers are the HTTP server's: a real request, not an injected one
    const res = await fetch(await app.listen({ port: 0, host: '127.0.0.1' }));
    await app.close();
    return res.headers;
  }

  it('sends HSTS only in production', async () => {
    const production = await headersFor({ nodeEnv: 'production' });
    expect(production.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await headersFor({ nodeEnv: 'development' })).get('strict-transport-security')).toBeNull();
  });

  it("allows our own scripts and Razorpay's checkout, never an inline script", async () => {
    for (const paymentProvider of ['simulated', 'razorpay'] as const) {
      const csp = directives((await headersFor({ paymentProvider })).get('content-security-policy'));
      expect(csp.get('script-src')).toEqual([
        "'self'",
        'https://checkout.razorpay.com',
        'https://cdn.razorpay.com',
      ]);
      expect(csp.get('frame-src')).toEqual(["'self'", 'https://api.razorpay.com']);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://lumberjack.razorpay.com',
        'https://lumberjack-metrics.razorpay.com',
      ]);
      // checkout.js brings its own <style>; scripts run from our files and Razorpay's only
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    }
  });
});

describeEachDatabase('security headers', (t) => {
  let fixtures: Fixtures;

  beforeAll(() => {
    fixtures = new Fixtures(t().db);
  });

  const expectProtected = (headers: Headers, what: string) => {
    expect([what, headers.get('x-content-type-options')]).toEqual([what, 'nosniff']);
    expect([what, headers.get('x-frame-options')]).toEqual([what, 'DENY']);
    expect([what, headers.get('referrer-policy')]).toEqual([what, 'strict-origin-when-cross-origin']);
    expect([what, directives(headers.get('content-security-policy')).get('frame-ancestors')]).toEqual([
      what,
      ["'none'"],
    ]);
    // HTTPS is production's business: a test or development server speaks plain HTTP
    expect([what, headers.get('strict-transport-security')]).toEqual([what, null]);
  };

  it('protects every kind of answer: JSON, errors, images and refused writes', async () => {
    const client = await t().client();
    const { photos } = await t()
      .db.selectFrom('products')
      .select('photos')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const answers: [string, Headers][] = [
      ['json', (await client.get('/home')).headers],
      ['not found', (await client.get('/api/nothing-here')).headers],
      ['bad input', (await client.get(`/images/${photos[0]}?w=500`)).headers],
      ['no csrf token', (await client.post('/editProfile', {}, { 'x-csrf-token': '' })).headers],
      ['malformed url', (await fetch(`${t().baseUrl}/api/%E0%A4%A`)).headers],
      ['image', (await fetch(`${t().baseUrl}/images/${photos[0]}?w=320`)).headers],
    ];
    for (const [what, headers] of answers) expectProtected(headers, what);
  });

  it('serves the built page with no inline script, under a policy that runs none', async () => {
    expect(existsSync(BUILT_PAGE), 'the web app is built (npm run build)').toBe(true);
    const res = await fetch(`${t().baseUrl}/product/apparel/1`);
    expect(res.status).toBe(200);
    expectProtected(res.headers, 'page');
    const html = await res.text();
    // a script that is run but not loaded from a file (a JSON-LD block is data, never run)
    expect(html).not.toMatch(/<script\b(?![^>]*\bsrc=)(?![^>]*\btype="application\/ld\+json")[^>]*>/i);
    const scriptSrc = directives(res.headers.get('content-security-policy')).get('script-src') ?? [];
    expect(scriptSrc.filter((source) => source.startsWith("'"))).toEqual(["'self'"]);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    expectProtected((await fetch(`${t().baseUrl}${asset}`)).headers, 'script file');
  });

  it('keeps personal reads out of shared caches: /api/orders and /api/terms', async () => {
    const client = await t().client();
    await fixtures.logIn(client, await fixtures.customer());
    for (const path of ['/api/orders', '/api/terms']) {
      const res = await client.get(path);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'private, no-store']);
    }
  });
});
