import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchasePageResponse } from '../../contract/shopping.ts';
import { startTestApp, TEST_ADMIN_TOKEN } from '../test/app.ts';
import { CheckoutDriver } from '../test/checkout.ts';
import { databaseForProcess, databaseKinds } from '../test/database.ts';
import { Fixtures } from '../test/fixtures.ts';
import { TestClient } from '../test/http.ts';
import { freePort, startServer, stopServer } from '../test/server-process.ts';

const SHOPPERS = 8;
/** SIGTERM goes out when this many shoppers have paid in the gateway's window: mid-burst */
const PAID_BEFORE_STOP = 3;

/** What became of one request: its status, or the error fetch threw. */
type Outcome = { call: string; status: number } | { call: string; error: string };

/** A refused connection was never a request: the server had stopped listening, as it should. */
const NEVER_SENT = 'ECONNREFUSED';

async function outcomeOf(call: string, send: () => Promise<{ status: number }>): Promise<Outcome> {
  try {
    return { call, status: (await send()).status };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { call, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

const HEALTHZ = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

for (const kind of databaseKinds()) {
  describe(`a stop that begins with a request unread [${kind}]`, () => {
    // on PGlite queries run on the event loop, so a client's request often waits unread in an idle
    // keep-alive connection when SIGTERM is handled; closing that connection at once reset it
    it('answers a request already sent on an idle keep-alive connection, with a 503 and Connection: close', async () => {
      const shop = await startTestApp(kind);
      const socket = connect(Number(new URL(shop.baseUrl).port), '127.0.0.1');
      let received = '';
      let failure: string | undefined;
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        failure = error.code ?? error.message;
      });
      await once(socket, 'connect');
      socket.write(HEALTHZ);
      await once(socket, 'data');
      // the second request reaches the server's socket, unread, as the stop begins in the same tick
      socket.write(HEALTHZ);
      // not once(): a reset must reach the assertion below, not reject here
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await shop.close();
      await closed;

      expect(failure).toBeUndefined();
      const answers = received.split(/(?=HTTP\/1\.1 \d{3} )/);
      expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 200', 'HTTP/1.1 503']);
      expect(answers[1]).toMatch(/^connection: close\r$/im);
    });
  });

  describe(`SIGTERM during a burst of checkouts [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    let server: ChildProcess | undefined;
    let port = 0;
    let baseUrl = '';
    const clients: TestClient[] = [];
    const driver = new CheckoutDriver(() => {
      throw new Error('this test drives a server of its own');
    });
    const env = (reconcileMs: string) => ({
      ...database.env,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      RECONCILE_INTERVAL_MS: reconcileMs,
      SHUTDOWN_GRACE_MS: '30000',
    });

    beforeAll(async () => {
      database = await databaseForProcess(kind);
      port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      const handle = await database.open();
      const fixtures = new Fixtures(handle.db);
      const product = await fixtures.product({ pricePaise: 80_000, sizes: [['M', 100]] });
      for (let i = 0; i < SHOPPERS; i++) {
        const customerId = await fixtures.customer();
        await handle.db
          .updateTable('customers')
          .set({
            house_no: '4',
            road_name: 'Lake Road',
            area_name: 'Kalighat',
            city: 'Kolkata',
            pin: '700001',
          })
          .where('id', '=', customerId)
          .execute();
        await fixtures.bagLine(customerId, product.skus.M ?? 0, 1);
        const client = new TestClient(baseUrl);
        // a session written before the server starts, as its login would (PGlite is one process's at a time)
        await fixtures.logIn(client, customerId);
        clients.push(client);
      }
      await handle.close();
    }, 120_000);

    afterAll(async () => {
      if (server) await stopServer(server, 'SIGTERM');
      await database?.close();
    });

    it('answers every request, exits 0, and loses no paid order', async () => {
      const running = await startServer(env('3600000'), port);
      server = running;
      const shoppers = await Promise.all(clients.map((client) => client.start()));

      const outcomes: Outcome[] = [];
      let paidCount = 0;
      let stopped: Promise<number | null> | undefined;
      const step = async (call: string, send: () => Promise<{ status: number }>) => {
        const outcome = await outcomeOf(call, send);
        outcomes.push(outcome);
        return 'status' in outcome && outcome.status === 200;
      };
      /** one shopper's checkout, as far as the server lets it go */
      const checkout = async (client: TestClient, n: number) => {
        let amount = 0;
        const bag = async () => {
          const page = await client.get<PurchasePageResponse>('/api/purchasePage');
          if (page.status === 200) amount = page.body.priceDetails.amountToPay * 100;
          return page;
        };
        if (!(await step('purchasePage', bag))) return;
        let order: Awaited<ReturnType<CheckoutDriver['createOrder']>> | undefined;
        if (!(await step('create-order', async () => (order = await driver.createOrder(client, amount)))))
          return;
        let paid: Awaited<ReturnType<CheckoutDriver['pay']>> | undefined;
        // half the shoppers' payments also reach the shop by the (simulated) webhook
        const webhook = n % 2 === 0;
        const orderId = order?.body.id ?? '';
        if (!(await step('pay', async () => (paid = await driver.pay(client, orderId, 'success', webhook)))))
          return;
        paidCount += 1;
        if (paidCount === PAID_BEFORE_STOP) {
          stopped = exitOf(running);
          running.kill('SIGTERM');
        }
        const result = paid?.body;
        if (!result) return;
        if (!(await step('verify-payment', () => driver.verify(client, result)))) return;
        await step('checkOut', () => driver.checkOut(client, result));
      };
      await Promise.all(shoppers.map((client, n) => checkout(client, n)));

      expect(stopped, 'SIGTERM was sent mid-burst').toBeDefined();
      expect(await stopped).toBe(0);
      const lost = outcomes.filter((o) => 'error' in o && o.error !== NEVER_SENT);
      expect(lost, 'requests that got no answer').toEqual([]);
      const statuses = outcomes.flatMap((o) => ('status' in o ? [o.status] : []));
      expect(
        statuses.every((status) => status === 200 || status === 503),
        JSON.stringify(outcomes),
      ).toBe(true);

      // after a restart the reconciler (every 200 ms now) places or refunds whatever was paid and not placed
      const restarted = await startServer(env('200'), port);
      server = restarted;
      await reconcilerRuns(baseUrl, 2);
      await stopServer(restarted, 'SIGTERM');
      expect(restarted.exitCode).toBe(0);
      server = undefined;

      const handle = await database.open();
      try {
        const { rows } = await sql<{ id: string; placed: boolean; refunded: boolean }>`
          SELECT g.id,
                 EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id) AS placed,
                 EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id) AS refunded
          FROM sim_gateway_payments g
          LEFT JOIN payments p ON p.gateway_payment_id = g.id
          WHERE g.status IN ('captured', 'refunded')`.execute(handle.db);
        expect(rows.length).toBe(paidCount);
        expect(rows.filter((row) => !row.placed && !row.refunded)).toEqual([]);
      } finally {
        await handle.close();
      }
    }, 300_000);
  });
}

/** Waits until the server's reconciler has completed `runs` runs, read from /metrics. */
async function reconcilerRuns(baseUrl: string, runs: number): Promise<void> {
  const completed = /^haat_reconciler_runs_total\{outcome="completed"\} (\d+)$/m;
  for (;;) {
    const res = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    const count = Number(completed.exec(await res.text())?.[1] ?? 0);
    if (count >= runs) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
