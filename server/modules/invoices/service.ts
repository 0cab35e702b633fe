import type { Db } from '../../db/connect.ts';
import { notFound } from '../../platform/errors.ts';
import { originalAsPng } from '../../platform/images/service.ts';
import type { Limit, RateLimits } from '../../platform/rate-limit.ts';
import { pincodePlace } from '../delivery/service.ts';
import { shopOnRecord } from '../shop/service.ts';
import { LOGO_WIDTH, renderPdf } from './pdf.ts';
import * as store from './store.ts';
import {
  creditNoteDocument,
  documentNumber,
  financialYear,
  invoiceLines,
  printedDate,
  type TaxDocument,
  type TaxParty,
  totalsOf,
} from './tax.ts';

/** Who asks for a document: a shopper (their own lines only) or the back office (any line). */
export type Viewer = { customerId: number } | 'back-office';

/** The URLs of a line's documents, as `GET /api/orders` gives them. */
export const invoiceUrl = (purchaseId: string) => `/api/orders/${encodeURIComponent(purchaseId)}/invoice`;
export const creditNoteUrl = (purchaseId: string) =>
  `/api/orders/${encodeURIComponent(purchaseId)}/credit-note`;

const NO_CREDIT_NOTE = 'This item has no credit note: nothing of it was refunded';

/**
 * A shopper's invoices and credit notes answered with a PDF, together: a bound on what one
 * account can make the shop send. A refused or unanswered request counts nothing; the back office is
 * not counted.
 */
export const PDF_LIMIT: Limit = {
  bucket: 'document-pdf:customer',
  max: 30,
  windowMs: 60 * 60 * 1000,
  message: 'Too many invoice and credit note downloads; please try again in a while',
};

/** An issued document, as its PDF is kept under it. */
interface Issued {
  kind: TaxDocument['kind'];
  number: string;
  document: TaxDocument;
}

const words = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(', ');

export function buyerOf(address: Record<string, string>, state: string): TaxParty {
  return {
    // a name reads "Priya Sharma"; only the address's parts are joined by commas
    name: [address.fname, address.lname].filter((p) => p?.trim()).join(' ') || 'Customer',
    address: [
      words(address.houseNo, address.roadName),
      words(address.areaName, address.postOffice),
      words(address.city, state, address.pin),
    ].filter(Boolean),
  };
}

/** The delivery address's state (decision 035); an order placed before addresses had one, its pincode's. */
async function placeOfSupplyOf(db: Db, address: Record<string, string>): Promise<string> {
  if (address.state) return address.state;
  return (await pincodePlace(db, address.pin ?? ''))?.state ?? '';
}

/** The seller as it is when the invoice is issued: the document keeps it, whatever the seller becomes. */
export function sellerOf(
  row: Pick<
    store.SoldLineRow,
    'legal_name' | 'seller_name' | 'address' | 'address_line2' | 'city' | 'state' | 'pincode' | 'gstin'
  >,
): TaxDocument['seller'] {
  return {
    name: row.legal_name ?? row.seller_name,
    address: [row.address, row.address_line2, words(row.city, row.state, row.pincode)].filter(
      (l): l is string => Boolean(l),
    ),
    gstin: row.gstin ?? '',
    state: row.state ?? '',
  };
}

/** An order's lines grouped by seller, in the order each seller's first line came. */
function bySeller(lines: readonly store.SoldLineRow[]): store.SoldLineRow[][] {
  const groups = new Map<number, store.SoldLineRow[]>();
  for (const line of lines) groups.set(line.seller_id, [...(groups.get(line.seller_id) ?? []), line]);
  return [...groups.values()];
}

/** The coupon that took something off the seller's lines, for the document to name; nothing without one. */
function couponShown(lines: readonly store.SoldLineRow[]): Pick<TaxDocument, 'couponCode'> {
  const code = lines.find((line) => line.coupon_code !== null)?.coupon_code;
  return code ? { couponCode: code } : {};
}

/**
 * GST tax invoices and credit notes (decision 018). An order's invoices, one per seller, are issued in
 * the transaction that places it; a credit note in the transaction that decides a refund of a line. Each
 * takes the next serial of its seller's series for the financial year, and keeps what it showed.
 * Orders placed before invoices existed get theirs at the first request, by the same rules.
 */
export class Invoices {
  /** the PDFs being read or rendered, by kind and number: a burst for one document renders it once */
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: Db,
    /** where the shop's uploaded logo is, for the documents' header */
    private readonly dataDir: string,
    private readonly limits: RateLimits,
  ) {}

  /** Issues the order's invoices not yet issued (all of them, in placement's transaction). */
  static async issue(trx: Db, orderId: number): Promise<void> {
    const order = await store.lockOrder(trx, orderId);
    if (!order) throw notFound('No such order');
    const issued = new Set(await store.invoicedSellers(trx, orderId));
    const lines = await store.soldLines(trx, orderId);
    const placeOfSupply = await placeOfSupplyOf(trx, order.address);
    const buyer = buyerOf(order.address, placeOfSupply);
    // the shop as it is now: a later change of its name or GSTIN never changes an issued invoice
    const shop = await shopOnRecord(trx);
    const year = financialYear(order.placed_at);
    // the delivery charge goes on the invoice of the order's first line (decision 018)
    const groups = bySeller(lines);
    const firstSeller = groups[0]?.[0]?.seller_id;
    // series are locked in seller order, so two orders' transactions never wait on each other in a cycle
    for (const group of groups.sort((a, b) => (a[0]?.seller_id ?? 0) - (b[0]?.seller_id ?? 0))) {
      const head = group[0];
      if (!head || issued.has(head.seller_id)) continue;
      const seller = sellerOf(head);
      const interState = seller.state !== placeOfSupply;
      const carriesDelivery = head.seller_id === firstSeller;
      const taxLines = invoiceLines(
        group.map((l) => ({
          id: l.id,
          name: l.name,
          hsn: l.hsn_code,
          quantity: l.quantity,
          unitPaise: l.unit_price_paise,
          paidPaise: l.paid_paise,
        })),
        carriesDelivery ? order.delivery_charge_paise : 0,
        interState,
        // a COD order's fee goes with the delivery charge (decision 069)
        carriesDelivery ? order.cod_fee_paise : 0,
      );
      const serial = await store.nextSerial(trx, head.seller_id, 'invoice', year);
      const number = documentNumber('invoice', head.seller_id, year, serial);
      const document: TaxDocument = {
        kind: 'invoice',
        number,
        date: printedDate(order.placed_at),
        against: null,
        seller,
        shop,
        buyer,
        placeOfSupply,
        interState,
        ...couponShown(group),
        ...(order.payment_method === 'cod' && { payment: 'cod' as const }),
        lines: taxLines,
        totals: totalsOf(taxLines),
      };
      await store.insertInvoice(trx, orderId, {
        number,
        sellerId: head.seller_id,
        year,
        serial,
        issuedAt: order.placed_at,
        document,
      });
    }
  }

  /** Issues the credit note of a refund of an order line, in the refund's transaction; none for others. */
  static async creditNote(trx: Db, refundId: number): Promise<void> {
    const refund = await store.refundOfLine(trx, refundId);
    if (!refund) return;
    // the order first, as every change of its lines: two requests never issue one refund's note twice
    await store.lockOrder(trx, refund.order_id);
    if (await store.hasCreditNote(trx, refundId)) return;
    const invoice = await Invoices.invoiceFor(trx, refund.order_id, refund.seller_id);
    const invoiced = invoice.document as TaxDocument;
    const line = invoiced.lines.find((l) => l.orderLineId === refund.line_id);
    if (!line) throw new Error(`order line ${refund.line_id} is not on invoice ${invoice.number}`);
    const year = financialYear(refund.created_at);
    const serial = await store.nextSerial(trx, refund.seller_id, 'credit_note', year);
    const number = documentNumber('credit_note', refund.seller_id, year, serial);
    const document = creditNoteDocument(invoiced, line, refund.amount_paise, refund.created_at, number);
    await store.insertCreditNote(
      trx,
      { refundId, invoiceId: invoice.id },
      { number, sellerId: refund.seller_id, year, serial, issuedAt: refund.created_at, document },
    );
  }

  /** The invoice of an order's goods from a seller, issued now if the order came before invoices. */
  private static async invoiceFor(trx: Db, orderId: number, sellerId: number) {
    const existing = await store.invoiceOf(trx, orderId, sellerId);
    if (existing) return existing;
    await Invoices.issue(trx, orderId);
    const issued = await store.invoiceOf(trx, orderId, sellerId);
    if (!issued) throw new Error(`order ${orderId} has no invoice of seller ${sellerId}`);
    return issued;
  }

  /** The PDF of the invoice a line is on; 404 for a line that is not the shopper's. */
  async invoicePdf(purchaseId: string, viewer: Viewer): Promise<Buffer> {
    const line = await this.line(purchaseId, viewer);
    const invoice = await this.db
      .transaction()
      .execute((trx) => Invoices.invoiceFor(trx, line.order_id, line.seller_id));
    return this.answer(
      { kind: 'invoice', number: invoice.number, document: invoice.document as TaxDocument },
      viewer,
    );
  }

  /** The PDF of the latest credit note of a line; 404 when nothing of it was refunded. */
  async creditNotePdf(purchaseId: string, viewer: Viewer): Promise<Buffer> {
    const line = await this.line(purchaseId, viewer);
    let refunds = await store.lineRefunds(this.db, line.id);
    if (refunds.some((r) => r.document === null)) {
      await this.db.transaction().execute(async (trx) => {
        for (const refund of refunds) await Invoices.creditNote(trx, refund.id);
      });
      refunds = await store.lineRefunds(this.db, line.id);
    }
    const latest = refunds.at(-1);
    if (!latest?.number || !latest.document) throw notFound(NO_CREDIT_NOTE);
    return this.answer(
      { kind: 'credit_note', number: latest.number, document: latest.document as TaxDocument },
      viewer,
    );
  }

  /** A document's PDF for the viewer, counted against a shopper's PDF_LIMIT (429 past it). */
  private async answer(issued: Issued, viewer: Viewer): Promise<Buffer> {
    if (viewer !== 'back-office') {
      await this.limits.take([{ limit: PDF_LIMIT, subject: String(viewer.customerId) }]);
    }
    // numbers are unique per kind only: an invoice and a credit note may share one
    const key = `${issued.kind}:${issued.number}`;
    let pdf = this.pending.get(key);
    if (pdf === undefined) {
      pdf = this.keptPdf(issued).finally(() => this.pending.delete(key));
      this.pending.set(key, pdf);
    }
    return pdf;
  }

  /** The document's kept PDF, rendered and kept at its first request: an issued document never changes. */
  private async keptPdf({ kind, number, document }: Issued): Promise<Buffer> {
    const kept = await store.keptPdf(this.db, kind, number);
    if (kept) return kept;
    return store.keepPdf(this.db, kind, number, await this.pdf(document));
  }

  /** The document as a PDF, with the logo it was issued under when that file is still there. */
  private async pdf(document: TaxDocument): Promise<Buffer> {
    const logo = document.shop?.logo;
    const png = logo ? await originalAsPng(this.dataDir, logo, LOGO_WIDTH).catch(() => undefined) : undefined;
    return renderPdf(document, png);
  }

  private async line(purchaseId: string, viewer: Viewer) {
    const customerId = viewer === 'back-office' ? undefined : viewer.customerId;
    const line = await store.orderLine(this.db, purchaseId, customerId);
    if (!line) throw notFound('No such order item');
    return line;
  }
}
