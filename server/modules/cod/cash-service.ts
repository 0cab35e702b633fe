import type { OutstandingResponse, RemittanceReport } from '../../../contract/cod.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../../platform/audit.ts';
import { smsRupees } from '../../platform/sms/templates.ts';
import { Notifications } from '../notifications/service.ts';
import { type Match, matchRemittances, type Remittance, readRemittances } from './cash-remittances.ts';
import * as store from './cash-store.ts';

type OutstandingOrder = OutstandingResponse['orders'][number];

/** The orders with cash due, in the order of their lines (oldest delivery first), their lines grouped. */
function byOrder(lines: readonly store.CashDueLine[]): OutstandingOrder[] {
  const orders = new Map<number, OutstandingOrder>();
  for (const line of lines) {
    const order = orders.get(line.order_id) ?? {
      orderId: line.order_id,
      customer: { name: `${line.fname} ${line.lname}`.trim(), phone: line.phone },
      // the first line of the order met is its oldest delivery
      deliveredAt: (line.delivered_at ?? new Date()).toISOString(),
      amountPaise: 0,
      lines: [],
    };
    const amountPaise = Number(line.collect_paise);
    order.amountPaise += amountPaise;
    order.lines.push({
      purchaseId: line.purchase_id,
      awb: line.tracking_id,
      amountPaise,
      courier: line.courier,
    });
    orders.set(line.order_id, order);
  }
  return [...orders.values()];
}

/**
 * The cash couriers collect at the door and remit to the shop later (decision 069): what is still due
 * from them, and the owner's reconciliation of their remittance files, a dry run then apply, as the
 * partners' pincode lists work.
 */
export class CodCash {
  constructor(private readonly db: Db) {}

  async outstanding(): Promise<OutstandingResponse> {
    const orders = byOrder(await store.cashDueLines(this.db));
    return { totalPaise: orders.reduce((sum, order) => sum + order.amountPaise, 0), orders };
  }

  /**
   * The file's rows matched against the lines their AWBs name. `apply`: unless the file has errors, the
   * matched lines' cash is received, all in one transaction that holds the lines, so a file applied twice
   * (or twice at once) receives each line's cash once.
   */
  async remittances(file: Buffer, apply: boolean, actor: string): Promise<RemittanceReport> {
    const { rows, remittances, errors } = await readRemittances(file);
    const awbs = [...new Set(remittances.map((remittance) => remittance.awb))];
    if (!apply || errors.length > 0) {
      const report = matchRemittances(remittances, await store.linesOfAwbs(this.db, awbs, false));
      return { rows, ...reportOf(report), errors, applied: false };
    }
    return this.db.transaction().execute(async (trx) => {
      const report = matchRemittances(remittances, await store.linesOfAwbs(trx, awbs, true));
      for (const match of report.matched) await receive(trx, match, actor);
      return { rows, ...reportOf(report), errors, applied: true };
    });
  }
}

const reportOf = ({ matched, mismatched }: ReturnType<typeof matchRemittances>) => ({
  matched: matched.map(({ awb, purchaseId, amountPaise }) => ({ awb, purchaseId, amountPaise })),
  mismatched,
});

/** The line's cash received: the remittance kept with its date and reference, audited, the shopper told. */
async function receive(trx: Db, { remittance, line }: Match, actor: string): Promise<void> {
  const kept = await store.insertRemittance(trx, remittanceRow(line.id, remittance, actor));
  if (!kept) return;
  await recordAudit(trx, {
    actor,
    action: 'cod.cash_received',
    subject: `purchase:${line.purchase_id}`,
    details: {
      amountPaise: remittance.amountPaise,
      remittedOn: remittance.date,
      reference: remittance.reference,
    },
  });
  await Notifications.queue(trx, {
    kind: 'cod_cash_received',
    customerId: line.customer_id,
    subject: line.purchase_id,
    variables: { purchase: line.purchase_id, amount: smsRupees(remittance.amountPaise) },
  });
}

const remittanceRow = (lineId: number, remittance: Remittance, appliedBy: string) => ({
  lineId,
  amountPaise: remittance.amountPaise,
  remittedOn: remittance.date,
  reference: remittance.reference,
  appliedBy,
});
