import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_FILE } from '../../platform/control.ts';
import { listenTestApp } from '../../test/app.ts';
import { databaseLine, leaveStaleControlFile, type Run, runScript } from '../../test/command-line.ts';
import { databaseForProcess, databaseKinds } from '../../test/database.ts';
import { uniquePhone } from '../../test/shopper.ts';
import { staffSignedIn } from '../../test/staff.ts';
import { LAST_OWNER, PHONE_IS_STAFF } from './service.ts';

/** `npm run staff -- <args>` as its own process. */
const staffCli = (env: Record<string, string>, args: string[]) =>
  runScript('server/modules/staff/cli.ts', env, args);

/** An error: a non-zero exit and one line on stderr, no stack trace (stdout names the database at most). */
function expectRefusal(run: Run, message: string | RegExp): void {
  expect(run.code).not.toBe(0);
  expect(run.stdout).toMatch(/^(Database: [^\n]+\n)?$/);
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
}

/** The lines after the first, which names the database (`databaseLine`). */
const people = (run: Run) => run.stdout.trim().split('\n').slice(1).filter(Boolean);

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
      expect(added).toEqual({
        code: 0,
        stdout: `${databaseLine(database.env)}\nAdded Asha Rao (${owner.phone}) as owner\n`,
        stderr: '',
      });
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
        stdout: `${databaseLine(database.env)}\nRemoved Ravi Kumar (${staff})\n`,
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

    it("works on the database the project's .env names, as the shop does, and says which", async () => {
      const project = mkdtempSync(join(tmpdir(), 'haat-project-'));
      try {
        // the owner's .env, with a password the first line must not show
        const named = database.env.DATABASE_URL ? new URL(database.env.DATABASE_URL) : undefined;
        if (named) named.password = 'owner-secret';
        const dotEnv = named ? { DATABASE_URL: named.href } : { DATA_DIR: database.env.DATA_DIR };
        writeFileSync(
          join(project, '.env'),
          Object.entries(dotEnv)
            .map(([name, value]) => `${name}=${value}\n`)
            .join(''),
        );
        const phone = uniquePhone();
        const args = ['add', '--phone', phone, '--name', 'Meera Iyer', '--role', 'staff'];
        // nothing in the environment names a database: the .env's is the one
        const unset = { DATABASE_URL: undefined, DATA_DIR: undefined };
        const added = await runScript('server/modules/staff/cli.ts', unset, args, project);
        expect(added).toEqual({
          code: 0,
          stdout: `${databaseLine(database.env)}\nAdded Meera Iyer (${phone}) as staff\n`,
          stderr: '',
        });
        expect(added.stdout).not.toContain('owner-secret');
        const handle = await database.open();
        try {
          const row = await handle.db
            .selectFrom('staff')
            .select('name')
            .where('phone', '=', phone)
            .executeTakeFirst();
          expect(row).toEqual({ name: 'Meera Iyer' });
        } finally {
          await handle.close();
        }
        // the environment wins over the .env: here a folder of its own, which the command names
        const elsewhere = join(project, 'elsewhere');
        const listed = await runScript(
          'server/modules/staff/cli.ts',
          { ...unset, DATABASE_URL: '', DATA_DIR: elsewhere },
          ['list'],
          project,
        );
        expect(listed.stdout).toBe(`Database: embedded PGlite in ${elsewhere}\n`);
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    }, 600_000);
  });
}
