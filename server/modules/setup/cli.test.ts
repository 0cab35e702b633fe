import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.ts';
import { type FakeMsg91, MSG91_KEY_REFUSED, startFakeMsg91 } from '../../integrations/msg91/fake-server.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../../integrations/razorpay/fake-server.ts';
import { CONTROL_FILE } from '../../platform/control.ts';
import { listenTestApp } from '../../test/app.ts';
import { closedPort, databaseLine, leaveStaleControlFile, runScript } from '../../test/command-line.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import {
  clearShopDetails,
  completeShop,
  LIVE_ENV,
  markDemo,
  NOTHING_SET_UP,
  removeDemoRows,
} from '../../test/own-shop.ts';

const READY = 'The shop is ready to go live: nothing is missing.\n';
/** what the local fakes of Razorpay and MSG91 answer when the keys work */
const KEYS_WORK =
  'Razorpay answered: the keys work (HTTP 200)\nMSG91 answered: the key works, a balance of 1500 SMS (HTTP 200)\n';

for (const kind of databaseKinds()) {
  describe(`npm run doctor [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    let razorpay: FakeRazorpay;
    let msg91: FakeMsg91;
    /** LIVE_ENV with Razorpay and MSG91 played by local fakes that take its keys */
    let live: Record<string, string>;
    const doctor = (env: Record<string, string> = {}) =>
      runScript('server/modules/setup/cli.ts', { ...database.env, ...env });
    /** the doctor's output: the database it read first */
    const printed = (lines: string) => `${databaseLine(database.env)}\n${lines}`;

    /** Changes the database while no shop runs on it (PGlite admits one process). */
    async function change(work: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
      const handle = await database.open();
      try {
        await work(handle);
      } finally {
        await handle.close();
      }
    }

    beforeAll(async () => {
      razorpay = await startFakeRazorpay(LIVE_ENV.RAZORPAY_KEY_ID, LIVE_ENV.RAZORPAY_KEY_SECRET);
      msg91 = await startFakeMsg91();
      live = { ...LIVE_ENV, RAZORPAY_BASE_URL: razorpay.url, MSG91_BASE_URL: msg91.url };
      database = await databaseForProcess(kind);
      await change(async ({ db }) => {
        await markDemo(db);
        await clearShopDetails(db);
      });
    }, 60_000);

    afterAll(async () => {
      await database?.close();
      await razorpay?.close();
      await msg91?.close();
    });

    it('prints one line per missing item and exits 1, with no shop running', async () => {
      expect(await doctor()).toEqual({
        code: 1,
        stdout: printed(`${NOTHING_SET_UP.join('\n')}\n`),
        stderr: '',
      });
    }, 300_000);

    it('prints a configuration error as one line, with no stack, and exits 1', async () => {
      expect(await doctor({ ...live, SESSION_SECRET: 'too short' })).toEqual({
        code: 1,
        stdout: '',
        stderr: 'haat: SESSION_SECRET must be at least 32 characters in production (got 9)\n',
      });
      // a production start without PUBLIC_URL is refused, and the doctor names it
      const { PUBLIC_URL: _, ...withoutUrl } = live;
      expect(await doctor(withoutUrl)).toEqual({
        code: 1,
        stdout: '',
        stderr: expect.stringMatching(/^haat: PUBLIC_URL must be set in production: [^\n]+\n$/),
      });
    }, 300_000);

    it('exits 0, saying so, once everything is set', async () => {
      await change(async ({ db }) => {
        await removeDemoRows(db);
        await completeShop(db);
      });
      expect(await doctor(live)).toEqual({ code: 0, stdout: printed(KEYS_WORK + READY), stderr: '' });
      // the environment is this process's own, as the server's is
      expect(await doctor({ ...live, PUBLIC_URL: 'http://kaveri-looms.example' })).toEqual({
        code: 1,
        stdout: printed(
          `${KEYS_WORK}Set PUBLIC_URL to an https address (it is http://kaveri-looms.example)\n`,
        ),
        stderr: '',
      });
    }, 300_000);

    it('asks Razorpay and MSG91 with the keys, listing a refusal or no answer as missing', async () => {
      const asked = razorpay.received.length;
      // made-up keys: each service refuses them, in its own words
      msg91.balance = MSG91_KEY_REFUSED;
      try {
        expect(await doctor({ ...live, RAZORPAY_KEY_SECRET: 'made-up-secret' })).toEqual({
          code: 1,
          stdout: printed(
            'Razorpay refused the keys (HTTP 401): Authentication failed\n' +
              'MSG91 refused the keys (HTTP 401): Authentication failure\n',
          ),
          stderr: '',
        });
      } finally {
        msg91.balance = { status: 200, body: '1500' };
      }
      // the real calls: Razorpay's newest payment with the key pair, MSG91's balance with the auth key
      expect(razorpay.received.slice(asked)).toEqual([
        expect.objectContaining({ method: 'GET', path: '/v1/payments' }),
      ]);
      expect(msg91.received.at(-1)).toMatchObject({
        method: 'GET',
        path: `/api/balance.php?authkey=${LIVE_ENV.MSG91_AUTH_KEY}&type=4`,
      });
      // nothing answers where the shop looks for them
      const nowhere = `http://127.0.0.1:${await closedPort()}`;
      expect(await doctor({ ...live, RAZORPAY_BASE_URL: nowhere, MSG91_BASE_URL: nowhere })).toEqual({
        code: 1,
        stdout: printed('Razorpay did not answer: ECONNREFUSED\nMSG91 did not answer: ECONNREFUSED\n'),
        stderr: '',
      });
    }, 300_000);

    it('exits 1 on a rehearsal: production with Razorpay test keys and codes in the log', async () => {
      const testKeys = await startFakeRazorpay('rzp_test_K4v3r1L00ms', 'test-key-secret');
      try {
        const rehearsal = {
          ...live,
          RAZORPAY_KEY_ID: testKeys.keyId,
          RAZORPAY_KEY_SECRET: testKeys.keySecret,
          RAZORPAY_BASE_URL: testKeys.url,
          SMS_PROVIDER: 'console',
        };
        expect(await doctor(rehearsal)).toEqual({
          code: 1,
          stdout: printed(
            'Razorpay answered: the keys work (HTTP 200)\n' +
              'Set RAZORPAY_KEY_ID to your live key id (rzp_live_…), not a test key\n' +
              'Set SMS_PROVIDER=msg91 (messages go to the development outbox now)\n',
          ),
          stderr: '',
        });
      } finally {
        await testKeys.close();
      }
    }, 300_000);

    it('works beside a running shop, reading the shop’s data as it is now', async () => {
      const shop = await listenTestApp(kind, await database.open(), database.env);
      try {
        if (kind === 'pglite') expect(existsSync(join(database.env.DATA_DIR ?? '', CONTROL_FILE))).toBe(true);
        expect(await doctor(live)).toEqual({ code: 0, stdout: printed(KEYS_WORK + READY), stderr: '' });
        await shop.db.updateTable('shop_settings').set({ support_email: null, gstin: null }).execute();
        expect(await doctor(live)).toEqual({
          code: 1,
          stdout: printed(`${KEYS_WORK}Add your shop's GSTIN\nAdd your shop's support e-mail\n`),
          stderr: '',
        });
      } finally {
        await shop.close();
      }
    }, 300_000);

    it.runIf(kind === 'pglite')(
      'opens the folder itself when the control file is stale',
      async () => {
        const dataDir = database.env.DATA_DIR ?? '';
        await leaveStaleControlFile(dataDir);
        expect(await doctor(live)).toEqual({
          code: 1,
          stdout: printed(`${KEYS_WORK}Add your shop's GSTIN\nAdd your shop's support e-mail\n`),
          stderr: '',
        });
      },
      300_000,
    );
  });
}
