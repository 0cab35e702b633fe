import { parseArgs } from 'node:util';
import { Value } from 'typebox/value';
import { PersonName, PhoneNumber } from '../../../contract/accounts.ts';
import { type NewStaffBody, type StaffList, type StaffMember, StaffRole } from '../../../contract/staff.ts';
import type { Db } from '../../db/connect.ts';
import { COMMAND_LINE } from '../../platform/admin-auth.ts';
import { askShop, loadCommandConfig, onShopOrDatabase, runCommand } from '../../platform/command-line.ts';
import type { ControlAddress } from '../../platform/control.ts';
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

/** The staff directory in the database itself. */
function inDatabase(db: Db): StaffCommands {
  const directory = buildStaffDirectory(db);
  return {
    list: () => directory.list(),
    add: (person) => directory.add(COMMAND_LINE, person),
    remove: (phone) => directory.remove(COMMAND_LINE, { phone }),
  };
}

/** The running shop's own back-office API, with its control token. */
function throughShop(shop: ControlAddress): StaffCommands {
  const list = async () => (await askShop<StaffList>(shop, 'GET', '/admin/api/staff')).staff;
  return {
    list,
    add: (person) => askShop<StaffMember>(shop, 'POST', '/admin/api/staff', person),
    remove: async (phone) => {
      const person = (await list()).find((p) => p.phone === phone);
      if (!person) throw new CommandError(NO_SUCH_PERSON);
      await askShop(shop, 'DELETE', `/admin/api/staff/${person.id}`);
      return person;
    },
  };
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  const lines = await onShopOrDatabase(
    loadCommandConfig(),
    (shop) => run(throughShop(shop), command),
    (db) => run(inDatabase(db), command),
  );
  for (const line of lines) console.log(line);
}

runCommand(main);
