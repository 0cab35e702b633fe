import type { Db } from '../db/connect.ts';

/** One change to remember: who (e.g. 'admin', 'customer:12') did what to which subject. */
export interface AuditEntry {
  actor: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
}

/** Writes the entry within the caller's transaction, so a change and its record commit together. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...entry, details: JSON.stringify(entry.details) })
    .execute();
}
