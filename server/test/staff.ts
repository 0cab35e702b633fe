import { expect } from 'vitest';
import type { StaffRole } from '../../contract/staff.ts';
import type { TestApp } from './app.ts';
import type { TestClient } from './http.ts';
import { uniquePhone } from './shopper.ts';

/** A person straight in the database, as `npm run staff -- add` leaves them. */
export async function staffPerson(t: TestApp, role: StaffRole = 'staff', name = 'Ravi Kumar') {
  return t.db
    .insertInto('staff')
    .values({ name, phone: uniquePhone(), role })
    .returning(['id', 'name', 'phone', 'role'])
    .executeTakeFirstOrThrow();
}

/** Signs `phone` in to the back office on a new browser, with the code from the development outbox. */
export async function staffSignedIn(t: TestApp, phone: string): Promise<TestClient> {
  const client = await t.client();
  expect((await client.post('/admin/api/session/code', { phone })).status).toBe(200);
  const outbox = await client.get<{ code: string }>(`/api/dev/sms/${phone}`);
  const res = await client.post('/admin/api/session', { phone, code: outbox.body.code });
  expect(res.status).toBe(200);
  return client;
}
