import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityPage,
  type NewStaffBody,
  type StaffListItem,
  type StaffMember,
} from '../../../contract/staff.ts';
import type { Db } from '../../db/connect.ts';
import { AUTOMATION, COMMAND_LINE, type StaffCaller } from '../../platform/admin-auth.ts';
import { recordAudit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as store from './store.ts';

export const PHONE_IS_STAFF = 'This phone number is staff already';
export const NOT_YOURSELF = 'You cannot remove yourself';
export const NO_SUCH_PERSON = 'No such staff member';
export const LAST_OWNER = 'The shop needs an owner: add another owner before removing this one';

/** Who changes staff: the caller's audit actor, and its staff id (none for the token or the command line). */
type Changer = Pick<StaffCaller, 'actor' | 'id'>;

const toMember = (row: store.PersonRow): StaffMember => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  role: row.role,
  createdAt: row.created_at.toISOString(),
});

const auditOf = (action: string, by: Changer, person: store.PersonRow) => ({
  actor: by.actor,
  action,
  subject: `staff:${person.id}`,
  details: { name: person.name, phone: person.phone, role: person.role },
});

/** The back office's people (owners and staff), and the activity log the owner reads. */
export class StaffDirectory {
  /** `forgetPasskeys` deletes a person's passkeys in the removal's transaction: passkeys sit above staff. */
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly forgetPasskeys: (trx: Db, staffId: number) => Promise<void>,
  ) {}

  async list(): Promise<StaffListItem[]> {
    const rows = await store.currentPeople(this.db);
    return rows.map((row) => ({ ...toMember(row), passkeys: Number(row.passkeys ?? 0) }));
  }

  /** A current person, or undefined. */
  async find(by: { id: number } | { phone: string }): Promise<StaffMember | undefined> {
    const row = await store.currentPerson(this.db, by);
    return row && toMember(row);
  }

  /** Adds a person; 409 when the phone is a current person's already. */
  async add(by: Changer, person: NewStaffBody): Promise<StaffMember> {
    const added = await this.db.transaction().execute(async (trx) => {
      const row = await store.insertPerson(trx, { ...person, name: person.name.trim() });
      if (!row) throw conflict(PHONE_IS_STAFF);
      await recordAudit(trx, auditOf('staff.add', by, row));
      return row;
    });
    return toMember(added);
  }

  /**
   * Removes a person, ends their sessions at once and deletes their passkeys; 404 unknown, 409 for
   * oneself or the last owner (the shop would have nobody to manage staff or refunds).
   */
  async remove(by: Changer, target: { id: number } | { phone: string }): Promise<StaffMember> {
    const removed = await this.db.transaction().execute(async (trx) => {
      await store.lockPeople(trx);
      const person = await store.currentPerson(trx, target);
      if (!person) throw notFound(NO_SUCH_PERSON);
      if (person.id === by.id) throw conflict(NOT_YOURSELF);
      if (person.role === 'owner' && (await store.countOwners(trx)) <= 1) throw conflict(LAST_OWNER);
      await store.removePerson(trx, person.id, this.now());
      await this.forgetPasskeys(trx, person.id);
      await recordAudit(trx, auditOf('staff.remove', by, person));
      return person;
    });
    return toMember(removed);
  }

  /** Every change by anyone, newest first, a page at a time. */
  async activity(before: number | undefined): Promise<ActivityPage> {
    const rows = await store.activityPage(this.db, before, ACTIVITY_PAGE_SIZE + 1);
    const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
    const last = page.at(-1);
    return {
      entries: page.map(toEntry),
      next: rows.length > ACTIVITY_PAGE_SIZE && last ? Number(last.id) : null,
    };
  }
}

type ActivityRow = Awaited<ReturnType<typeof store.activityPage>>[number];

/** What the activity log shows as who did it. */
function who(row: ActivityRow): string {
  if (row.staff_name !== null) return row.staff_name;
  if (row.customer_phone !== null) return `Shopper ${row.customer_phone}`;
  return ACTOR_NAMES[row.actor] ?? row.actor;
}

const ACTOR_NAMES: Record<string, string> = {
  [AUTOMATION.actor]: AUTOMATION.name,
  [COMMAND_LINE.actor]: COMMAND_LINE.name,
};

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: Number(row.id),
    who: who(row),
    action: row.action,
    subject: row.subject,
    details: row.details,
    at: new Date(row.created_at).toISOString(),
  };
}
