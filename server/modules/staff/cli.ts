import { parseArgs } from 'node:util';
import { Value } from 'typebox/value';
import { PersonName, PhoneNumber } from '../../../contract/accounts.ts';
import { type NewStaffBody, type StaffList, type StaffMember, StaffRole } from '../../../contract/staff.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import { COMMAND_LINE } from '../../platform/admin-auth.ts';
import { type ControlAddress, readControl } from '../../platform/control.ts';
import { buildStaffDirectory } from '../../services.ts';
import { NO_SUCH_PERSON } from './service.ts';

/**
 * `npm run staff -- add --phone <10 digits> --name "<name>" --role owner|staff`, `list`, `remove --phone
 * <10 digits>`. On PostgreSQL it changes the database (a running shop reads staff uncached, so it sees the
 * change at once). On PGlite, whose folder admits one process, it asks the shop running on DATA_DIR through
 * its control file, and opens the folder itself only when no shop runs (decision 012).
 */

const USAGE =
  'usage: npm run staff -- add --phone <10 digits> --name "<name>" --role owner|staff | list | remove --phone <10 digits>';

/** A refusal to print as it is: one line, no stack. */
class CommandError extends Error {}

interface StaffCommands {
  list(): Promise<StaffMember[]>;
  add(person: NewStaffBody): Promise<StaffMember>;
  remove(phone: string): Promise<StaffMember>;
}

type Command = { name: 'list' } | { name: 'add'; person: NewStaffBody } | { name: 'remove'; phone: string };

function parseCommand(argv: string[]): Command {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { phone: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const [name, ...extra] = positionals;
  if (extra.length) throw new CommandError(`unexpected "${extra.join(' ')}"; ${USAGE}`);
  const phone = () => checked(Value.Check(PhoneNumber, values.phone) && values.phone, PHONE_RULE);
  if (name === 'list') return { name };
  if (name === 'remove') return { name, phone: phone() };
  if (name === 'add') {
    // checked in this order: the first wrong option is the one reported
    const phoneNumber = phone();
    const person = checked(
      Value.Check(PersonName, values.name) && values.name,
      "--name must be 1 to 50 letters, spaces or . ' -",
    );
    const role = checked(Value.Check(StaffRole, values.role) && values.role, '--role must be owner or staff');
    return { name, person: { phone: phoneNumber, name: person.trim(), role } };
  }
  throw new CommandError(USAGE);
}

const PHONE_RULE = '--phone must be a 10-digit mobile number starting with 6, 7, 8 or 9';

/**
 * The option's value if the contract's schema took it (`Value.Check(schema, value) && value`), else its
 * rule as the error. Checked at each call, not inside a function generic over the schema: relating
 * TypeBox's `Static<S>` for a generic `S` cost the whole type check 8 s.
 */
function checked<T>(taken: T | false, rule: string): T {
  if (taken === false) throw new CommandError(rule);
  return taken;
}

async function run(commands: StaffCommands, command: Command): Promise<string[]> {
  if (command.name === 'list') {
    const people = await commands.list();
    if (!people.length) console.error('No staff yet: add the first owner with npm run staff -- add ...');
    return people.map((p) => `${p.name}\t${p.phone}\t${p.role}`);
  }
  if (command.name === 'add') {
    const added = await commands.add(command.person);
    return [`Added ${added.name} (${added.phone}) as ${added.role}`];
  }
  const removed = await commands.remove(command.phone);
  return [`Removed ${removed.name} (${removed.phone})`];
}

/** The staff directory in the database itself, migrated first (the first owner may come before the shop). */
async function onDatabase(config: ReturnType<typeof loadConfig>, command: Command): Promise<string[]> {
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const directory = buildStaffDirectory(database.db);
    return await run(
      {
        list: () => directory.list(),
        add: (person) => directory.add(COMMAND_LINE, person),
        remove: (phone) => directory.remove(COMMAND_LINE, { phone }),
      },
      command,
    );
  } finally {
    await database.close();
  }
}

/** Raised when the control file's shop is not listening: it ended without removing the file. */
class ShopGone extends Error {}

/** The running shop's own back-office API, with its control token. */
function throughShop({ url, token }: ControlAddress): StaffCommands {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) }).catch(
      (error: { cause?: { code?: string } }) => {
        if (error.cause?.code === 'ECONNREFUSED') throw new ShopGone();
        throw error;
      },
    );
    const text = await res.text();
    const answer = (text ? JSON.parse(text) : undefined) as (T & { error?: string }) | undefined;
    if (!res.ok) throw new CommandError(answer?.error ?? `the shop at ${url} answered ${res.status}`);
    return answer as T;
  };
  const list = async () => (await call<StaffList>('GET', '/admin/api/staff')).staff;
  return {
    list,
    add: (person) => call<StaffMember>('POST', '/admin/api/staff', person),
    remove: async (phone) => {
      const person = (await list()).find((p) => p.phone === phone);
      if (!person) throw new CommandError(NO_SUCH_PERSON);
      await call('DELETE', `/admin/api/staff/${person.id}`);
      return person;
    },
  };
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  const config = loadConfig();
  const control = config.databaseUrl ? undefined : readControl(config.dataDir);
  const direct = () => onDatabase(config, command);
  const lines = control
    ? await run(throughShop(control), command).catch((error: unknown) => {
        if (error instanceof ShopGone) return direct();
        throw error;
      })
    : await direct();
  for (const line of lines) console.log(line);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`haat: ${message.split('\n')[0]}`);
  process.exit(1);
});
