import { expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../test/app.ts';

// with PUBLIC_URL set, robots.txt and the sitemap name its origin, whatever Host or
// X-Forwarded-Host a request gives (they are cached for an hour: one forged request would poison them)

const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'forged.example', 'x-forwarded-proto': 'http' };

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc ?? '');

async function robotsAndSitemap(t: TestApp) {
  const robots = await t.app.inject({ url: '/robots.txt', headers: HOSTILE });
  const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: HOSTILE });
  expect(robots.statusCode).toBe(200);
  expect(sitemap.statusCode).toBe(200);
  return { robots: robots.body, sitemap: locations(sitemap.body) };
}

describeEachDatabase(
  'robots.txt and the sitemap on PUBLIC_URL',
  (t) => {
    it("name PUBLIC_URL's origin whatever the request's Host and X-Forwarded-Host say", async () => {
      const { robots, sitemap } = await robotsAndSitemap(t());
      expect(robots).toContain('Sitemap: https://shop.haat.example/sitemap.xml');
      expect(robots).not.toMatch(/evil|forged/);
      expect(sitemap.length).toBeGreaterThan(1);
      expect(sitemap.filter((loc) => !loc.startsWith('https://shop.haat.example/'))).toEqual([]);
    });
  },
  { PUBLIC_URL: 'https://shop.haat.example', TRUST_PROXY: 'loopback' },
);

describeEachDatabase(
  'robots.txt and the sitemap without PUBLIC_URL (development)',
  (t) => {
    it("name the request's own host, as a trusted proxy forwards it", async () => {
      const { robots, sitemap } = await robotsAndSitemap(t());
      expect(robots).toContain('Sitemap: http://forged.example/sitemap.xml');
      expect(sitemap[0]).toBe('http://forged.example/');
    });
  },
  { TRUST_PROXY: 'loopback' },
);
