import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_FILE } from '../../platform/control.ts';
import { listenTestApp } from '../../test/app.ts';
import { leaveStaleControlFile, type Run, runScript } from '../../test/command-line.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { uniquePhone } from '../../test/shopper.ts';
import { staffSignedIn } from '../../test/staff.ts';
import { LAST_OWNER, PHONE_IS_STAFF } from './service.ts';

/** `npm run staff -- <args>` as its own process. */
const staffCli = (env: Record<string, string>, args: string[]) =>
  runScript('server/modules/staff/cli.ts', env, args);

/** An error: a non-zero exit and one line on stderr, no stack trace. */
function expectRefusal(run: Run, message: string | RegExp): void {
  expect(run.code).not.toBe(0);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
}

const people = (run: Run) => run.stdout.trim().split('\n').filter(Boolean);

for (const kind of databaseKinds()) {
  describe(`npm run staff [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof databaseForProcess>>;
    const owner = { phone: uniquePhone(), name: 'Asha Rao' };

    beforeAll(async () => {
      database = await databaseForProcess(kind);
    }, 60_000);

    afterAll(async () => {
      await database?.close();
    });

    it('adds, lists and removes people with no shop running', async () => {
      const cli = (...args: string[]) => staffCli(database.env, args);
      const added = await cli('add', '--phone', owner.phone, '--name', owner.name, '--role', 'owner');
      expect(added).toEqual({ code: 0, stdout: `Added Asha Rao (${owner.phone}) as owner\n`, stderr: '' });
      const staff = uniquePhone();
      expect((await cli('add', '--phone', staff, '--name', 'Ravi Kumar', '--role', 'staff')).code).toBe(0);
      expect(people(await cli('list'))).toEqual([
        `Asha Rao\t${owner.phone}\towner`,
        `Ravi Kumar\t${staff}\tstaff`,
      ]);

      expectRefusal(await cli('add', '--phone', staff, '--name', 'Ravi', '--role', 'staff'), PHONE_IS_STAFF);
      expectRefusal(await cli('add', '--phone', '12345', '--name', 'Ravi', '--role', 'staff'), /--phone/);
      expectRefusal(await cli('remove', '--phone', owner.phone), LAST_OWNER);

      expect(await cli('remove', '--phone', staff)).toEqual({
        code: 0,
        stdout: `Removed Ravi Kumar (${staff})\n`,
        stderr: '',
      });
    }, 600_000);

    it('changes the staff of a running shop, which sees each change at once', async () => {
      const shop = await listenTestApp(kind, await database.open(), database.env);
      try {
        const cli = (...args: string[]) => staffCli(database.env, args);
        if (kind === 'pglite') expect(existsSync(join(database.env.DATA_DIR ?? '', CONTROL_FILE))).toBe(true);
        const phone = uniquePhone();
        expect((await cli('add', '--phone', phone, '--name', 'Kiran Das', '--role', 'staff')).code).toBe(0);
        const kiran = await staffSignedIn(shop, phone);
        expect((await kiran.get('/admin/api/session')).body).toMatchObject({
          name: 'Kiran Das',
          role: 'staff',
        });

        expect(people(await cli('list'))).toContain(`Kiran Das\t${phone}\tstaff`);
        expect((await cli('remove', '--phone', phone)).code).toBe(0);
        expect((await kiran.get('/admin/api/session')).status).toBe(401);
        const actors = await shop.db
          .selectFrom('audit_log')
          .select(['actor', 'action'])
          .where('action', 'in', ['staff.add', 'staff.remove'])
          .orderBy('id')
          .execute();
        expect(actors.at(-1)).toEqual({ actor: 'cli', action: 'staff.remove' });
      } finally {
        await shop.close();
      }
    }, 600_000);

    it.runIf(kind === 'pglite')(
      'opens the folder itself when the control file is stale',
      async () => {
        const dataDir = database.env.DATA_DIR ?? '';
        await leaveStaleControlFile(dataDir);
        const list = await staffCli(database.env, ['list']);
        expect({ code: list.code, stderr: list.stderr }).toEqual({ code: 0, stderr: '' });
        expect(people(list)).toEqual([`Asha Rao\t${owner.phone}\towner`]);
      },
      300_000,
    );
  });
}
