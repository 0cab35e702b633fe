import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.ts';
import { CONTROL_FILE } from '../../platform/control.ts';
import { listenTestApp } from '../../test/app.ts';
import { leaveStaleControlFile, runScript } from '../../test/command-line.ts';
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

for (const kind of databaseKinds()) {
  describe(`npm run doctor [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    const doctor = (env: Record<string, string> = {}) =>
      runScript('server/modules/setup/cli.ts', { ...database.env, ...env });

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
      database = await databaseForProcess(kind);
      await change(async ({ db }) => {
        await markDemo(db);
        await clearShopDetails(db);
      });
    }, 60_000);

    afterAll(async () => {
      await database?.close();
    });

    it('prints one line per missing item and exits 1, with no shop running', async () => {
      expect(await doctor()).toEqual({ code: 1, stdout: `${NOTHING_SET_UP.join('\n')}\n`, stderr: '' });
    }, 300_000);

    it('prints a configuration error as one line, with no stack, and exits 1', async () => {
      expect(await doctor({ ...LIVE_ENV, SESSION_SECRET: 'too short' })).toEqual({
        code: 1,
        stdout: '',
        stderr: 'haat: SESSION_SECRET must be at least 32 characters in production (got 9)\n',
      });
      // a production start without PUBLIC_URL is refused, and the doctor names it
      const { PUBLIC_URL: _, ...withoutUrl } = LIVE_ENV;
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
      expect(await doctor(LIVE_ENV)).toEqual({ code: 0, stdout: READY, stderr: '' });
      // the environment is this process's own, as the server's is
      expect(await doctor({ ...LIVE_ENV, PUBLIC_URL: 'http://kaveri-looms.example' })).toEqual({
        code: 1,
        stdout: 'Set PUBLIC_URL to an https address (it is http://kaveri-looms.example)\n',
        stderr: '',
      });
    }, 300_000);

    it('works beside a running shop, reading the shop’s data as it is now', async () => {
      const shop = await listenTestApp(kind, await database.open(), database.env);
      try {
        if (kind === 'pglite') expect(existsSync(join(database.env.DATA_DIR ?? '', CONTROL_FILE))).toBe(true);
        expect(await doctor(LIVE_ENV)).toEqual({ code: 0, stdout: READY, stderr: '' });
        await shop.db.updateTable('shop_settings').set({ support_email: null, gstin: null }).execute();
        expect(await doctor(LIVE_ENV)).toEqual({
          code: 1,
          stdout: "Add your shop's GSTIN\nAdd your shop's support e-mail\n",
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
        expect(await doctor(LIVE_ENV)).toEqual({
          code: 1,
          stdout: "Add your shop's GSTIN\nAdd your shop's support e-mail\n",
          stderr: '',
        });
      },
      300_000,
    );
  });
}
