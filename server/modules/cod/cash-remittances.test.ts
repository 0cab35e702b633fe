import { beforeAll, expect, it } from 'vitest';
import type { OutstandingResponse, RemittanceReport } from '../../../contract/cod.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { BEARER, CodShop } from '../../test/cod-cash.ts';
import { staffPerson, staffSignedIn } from '../../test/staff.ts';
import { MISMATCH } from './cash-remittances.ts';

type Refused = RemittanceReport & { error: string };

describeEachDatabase("the courier's remittance file: its format, and who may send it", (t) => {
  const shop = new CodShop(t);
  const remittances = () => t().db.selectFrom('cod_remittances').selectAll().execute();
  beforeAll(() => shop.settings());

  it('lists every format error by line and column in a dry run, and refuses to apply the file whole', async () => {
    const csv = [
      'AWB,Amount,Date,Reference',
      'NOPE-1,10.5.0,2026-13-01,',
      'NOPE-2,1049',
      ',1049.00,2026-12-01,UTR77',
      'NOPE-3,1049.00,2026-12-01,UTR78',
      'NOPE-4,1049.00,0000-01-01,UTR79',
    ].join('\r\n');
    const dry = await shop.remit(csv, 'dry-run');
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({
      rows: 5,
      matched: [],
      mismatched: [
        {
          awb: 'NOPE-3',
          purchaseId: null,
          expectedPaise: null,
          remittedPaise: 104_900,
          reason: MISMATCH.unknown,
        },
      ],
      errors: [
        'line 2, column amount: rupees remitted, such as 1049 or 1049.00',
        'line 2, column date: a date written YYYY-MM-DD, such as 2026-12-07',
        'line 2, column reference: required: the bank reference (UTR)',
        'line 3, column awb: has 2 fields, the header 4',
        'line 4, column awb: required',
        'line 6, column date: a date written YYYY-MM-DD, such as 2026-12-07',
      ],
      applied: false,
    });
    const apply = await shop.remit(csv, 'apply');
    expect(apply.status).toBe(400);
    const refused = apply.body as Refused;
    expect(refused.error).toBe('The file has errors: nothing was changed');
    expect(refused.applied).toBe(false);
    expect(refused.errors).toHaveLength(6);
    expect(await remittances()).toEqual([]);
  });

  it('names a header that is not the remittance file’s, and a missing column', async () => {
    const dry = await shop.remit('awb,amount,when,reference\r\nNOPE-1,1,2026-12-01,U1\r\n', 'dry-run');
    expect(dry.body).toMatchObject({
      rows: 1,
      errors: ['line 1, column when: not a column of the remittance file', 'line 1, column date: missing'],
      applied: false,
    });
    const empty = await shop.remit('', 'dry-run');
    expect((empty.body as RemittanceReport).errors).toEqual([
      'line 1, column awb: the file is empty: the first line names the columns awb,amount,date,reference',
    ]);
  });

  it('applies a file of rows that match nothing: each listed with why, nothing changed', async () => {
    const res = await shop.remit('awb,amount,date,reference\nNOPE-9,499,2026-12-01,UTR9\n', 'apply');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 1, matched: [], errors: [], applied: true });
    expect((res.body as RemittanceReport).mismatched[0]?.reason).toBe(MISMATCH.unknown);
    expect(await remittances()).toEqual([]);
  });

  it('lets staff see the cash outstanding, but only the owner reconcile it (403)', async () => {
    const person = await staffPerson(t(), 'staff', 'Ravi Kumar');
    const staff = await staffSignedIn(t(), person.phone);
    const outstanding = await staff.get<OutstandingResponse>('/admin/api/cod/outstanding');
    expect(outstanding.status).toBe(200);
    expect(outstanding.body).toHaveProperty('totalPaise');
    const refused = await shop.remit(
      'awb,amount,date,reference\nNOPE-9,499,2026-12-01,UTR9\n',
      'apply',
      staff,
    );
    expect(refused.status).toBe(403);
    const visitor = await t().client();
    expect((await visitor.get('/admin/api/cod/outstanding')).status).toBe(401);
  });

  it('answers 400 without a file, and for a mode it does not know', async () => {
    const form = new FormData();
    form.append('note', 'no file');
    const none = await shop
      .staff()
      .post<{ error: string }>('/admin/api/cod/remittances?mode=dry-run', form, BEARER);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Send one file as multipart/form-data, in the field "file"');
    const mode = await shop.remit('awb,amount,date,reference\n', 'sideways' as 'apply');
    expect(mode.status).toBe(400);
  });
});
