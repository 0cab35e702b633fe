import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMsg91, startFakeMsg91 } from '../../integrations/msg91/fake-server.ts';
import { MESSAGE_KINDS, templateVariable } from '../../platform/sms/templates.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { Fixtures } from '../../test/fixtures.ts';
import { freePort, startServer, stopServer } from '../../test/server-process.ts';

const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';

/** the shop sending through a fake MSG91, one template id per message kind */
const smsEnv = (fake: FakeMsg91, outboxIntervalMs: number) => ({
  ADMIN_TOKEN,
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'test-auth-key-0123',
  MSG91_TEMPLATE_ID: 'tmpl_otp',
  MSG91_BASE_URL: fake.url,
  OUTBOX_INTERVAL_MS: String(outboxIntervalMs),
  ...Object.fromEntries(MESSAGE_KINDS.map((kind) => [templateVariable(kind), `tmpl_${kind}`])),
});

for (const kind of databaseKinds()) {
  describe(`order SMS survive a kill -9 between writing and sending [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    let fake: FakeMsg91;
    let server: ChildProcess | undefined;
    let purchaseIds: string[] = [];

    beforeAll(async () => {
      fake = await startFakeMsg91();
      database = await databaseForProcess(kind);
      const handle = await database.open();
      const fixtures = new Fixtures(handle.db);
      const product = await fixtures.product({ pricePaise: 120_000, sizes: [['M', 5]] });
      const customerId = await fixtures.customer();
      ({ purchaseIds } = await fixtures.order(customerId, [{ product }, { product }]));
      await handle.close();
    }, 60_000);

    afterAll(async () => {
      if (server) await stopServer(server, 'SIGTERM');
      await database?.close();
      await fake?.close();
    });

    const outbox = async () => {
      const handle = await database.open();
      try {
        return await handle.db
          .selectFrom('notifications')
          .select(['idempotency_key', 'status', 'attempts'])
          .orderBy('id')
          .execute();
      } finally {
        await handle.close();
      }
    };

    it('sends each message written before the crash exactly once after the restart', async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const [first = '', second = ''] = purchaseIds;
      // a worker that looks only at start: what is written now stays unsent until the crash
      server = await startServer({ ...database.env, ...smsEnv(fake, 86_400_000) }, port);
      const admin = (path: string, body?: unknown) =>
        fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        });
      expect((await admin(`/admin/api/orders/${first}/ship`, { trackingId: 'DKE900' })).status).toBe(200);
      expect((await admin(`/admin/api/orders/${first}/deliver`)).status).toBe(200);
      expect((await admin(`/admin/api/orders/${second}/ship`, { trackingId: 'DKE901' })).status).toBe(200);
      await stopServer(server, 'SIGKILL');
      expect(fake.sendsByKey().size).toBe(0);
      const keys = [`order_shipped.${first}`, `order_delivered.${first}`, `order_shipped.${second}`];
      expect(await outbox()).toEqual(
        keys.map((key) => ({ idempotency_key: key, status: 'pending', attempts: 0 })),
      );

      // the restarted shop sends what the dead one left, once each
      server = await startServer({ ...database.env, ...smsEnv(fake, 50) }, port);
      const deadline = Date.now() + 60_000;
      while (fake.sendsByKey().size < keys.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await stopServer(server, 'SIGTERM');
      // and a further restart sends none again
      server = await startServer({ ...database.env, ...smsEnv(fake, 50) }, port);
      await stopServer(server, 'SIGTERM');

      expect(Object.fromEntries(fake.sendsByKey())).toEqual(Object.fromEntries(keys.map((key) => [key, 1])));
      expect(await outbox()).toEqual(
        keys.map((key) => ({ idempotency_key: key, status: 'sent', attempts: 1 })),
      );
      const shipped = fake.received.find((r) => (r.body as { CRQID: string }).CRQID === keys[0]);
      expect(shipped?.body).toMatchObject({
        template_id: 'tmpl_order_shipped',
        recipients: [{ mobiles: expect.stringMatching(/^91\d{10}$/), purchase: first, tracking: 'DKE900' }],
      });
    }, 420_000);
  });
}
