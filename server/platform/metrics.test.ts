import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../test/app.ts';
import { CheckoutDriver } from '../test/checkout.ts';
import { databaseKinds } from '../test/database.ts';
import { Fixtures } from '../test/fixtures.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of one sample line (`name{labels} value`) of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describeEachDatabase('Prometheus metrics on the main port (ADMIN_TOKEN, no METRICS_TOKEN)', (t) => {
  const driver = new CheckoutDriver(t);
  const scrape = async () => {
    const res = await fetch(`${t().baseUrl}/metrics`, { headers: bearer(TEST_ADMIN_TOKEN) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('answers a bearer of the admin token only: 401 without it or with another', async () => {
    const none = await fetch(`${t().baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetch(`${t().baseUrl}/metrics`, { headers: bearer('wrong') })).status).toBe(401);
    await scrape();
  });

  it('times requests per route pattern and status, not per raw URL', async () => {
    const visitor = await t().client();
    await visitor.get('/product/ind/apparel/1');
    await visitor.get('/product/ind/apparel/2');
    await visitor.get('/no/such/page.json');
    const text = await scrape();
    const route = 'method="GET",route="/product/ind/:prod/:productID"';
    expect(text).toMatch(
      new RegExp(`haat_http_request_duration_seconds_count\\{${route},status_code="\\d+"\\} [1-9]`),
    );
    expect(text).not.toContain('/product/ind/apparel/1');
    expect(text).toMatch(
      /haat_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="unmatched"/,
    );
  });

  it("reports the process (event-loop lag), the pool and the shop's own counters and gauges", async () => {
    const fixtures = new Fixtures(t().db);
    const product = await fixtures.product({ sizes: [['M', 5]] });
    const { client } = await driver.shopper(1, product);
    const paid = await driver.paid(client);
    expect((await driver.verify(client, paid)).status).toBe(200);
    expect((await driver.checkOut(client, paid)).status).toBe(200);
    // a second shopper holds a unit and has not paid yet
    const holder = await driver.shopper(2, product);
    const order = await driver.createOrder(holder.client, await driver.amountToPay(holder.client));
    expect(order.status).toBe(200);
    const otp = await t().client();
    expect((await otp.post('/api/otp/send', { phoneNumber: '9876501234' })).status).toBe(200);

    const text = await scrape();
    expect(sample(text, 'haat_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'haat_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
    expect(sample(text, 'haat_orders_placed', 'placed_by="browser"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'haat_payments', 'status="captured"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'haat_payment_attempts', 'status="created"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'haat_stock_holds_live')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'haat_unplaced_payment_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'haat_otp_sends_total')).toBe(1);
    expect(text).toContain('# TYPE haat_refunds gauge');
    expect(text).toContain('# TYPE haat_reconciler_runs_total counter');
    expect(text).toContain('# TYPE haat_otp_refusals_total counter');
  });
});

describeEachDatabase(
  'with METRICS_TOKEN, only that token opens /metrics',
  (t) => {
    it('refuses the admin token and answers the metrics token', async () => {
      const url = `${t().baseUrl}/metrics`;
      expect((await fetch(url, { headers: bearer(TEST_ADMIN_TOKEN) })).status).toBe(401);
      expect((await fetch(url, { headers: bearer('metrics-token-for-tests') })).status).toBe(200);
    });
  },
  { METRICS_TOKEN: 'metrics-token-for-tests' },
);

describe.each(databaseKinds())('where /metrics is served [%s]', (kind) => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((app) => app.close())));
  const start = async (env: Record<string, string>) => {
    const app = await startTestApp(kind, env);
    apps.push(app);
    return app;
  };

  it('nowhere on the main port when neither token is set: 404', async () => {
    const app = await start({ ADMIN_TOKEN: '' });
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(404);
  }, 120_000);

  it('with METRICS_PORT, on that port alone; a token is asked there only when METRICS_TOKEN is set', async () => {
    const open = await start({ METRICS_PORT: '0' });
    const port = open.app.metricsAddress()?.port;
    expect((await fetch(`${open.baseUrl}/metrics`, { headers: bearer(TEST_ADMIN_TOKEN) })).status).toBe(404);
    const own = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('haat_http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);

    const guarded = await start({ METRICS_PORT: '0', METRICS_TOKEN: 'metrics-token-for-tests' });
    const guardedUrl = `http://127.0.0.1:${guarded.app.metricsAddress()?.port}/metrics`;
    expect((await fetch(guardedUrl)).status).toBe(401);
    expect((await fetch(guardedUrl, { headers: bearer('metrics-token-for-tests') })).status).toBe(200);
  }, 120_000);
});
