/**
 * GET /api/orders/{purchaseId}/invoice and /credit-note (and the same under /admin/api/): a line's GST tax
 * invoice and its credit note, as PDFs (decision 018). The owner (session) and
 * the back office (bearer) read them; a visitor gets 403, another shopper or an unknown id 404, and a line
 * with nothing refunded has no credit note (404). Every `GET /api/orders` line names its invoiceUrl and,
 * once refunded, its creditNoteUrl.
 */
export const PdfAnswer = {
  description: 'the document as an A4 PDF',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
} as const;
