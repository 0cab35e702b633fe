import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PurchaseParams } from '../../../contract/admin.ts';
import { PdfAnswer } from '../../../contract/invoices.ts';
import type { Services } from '../../services.ts';
import type { Viewer } from './service.ts';

type Document = 'invoice' | 'credit-note';

function sendPdf(reply: FastifyReply, document: Document, purchaseId: string, pdf: Buffer) {
  const name = `${document}-${purchaseId.replace(/[^\w-]/g, '')}.pdf`;
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${name}"`)
    .send(pdf);
}

/**
 * A line's tax invoice and credit note as PDFs (decision 018): for the line's owner, and for the back
 * office through ADMIN_TOKEN's bearer on the shopper's paths, or any staff way in on /admin/api/.
 */
export const invoiceRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { invoices } = ctx;
  const render = (document: Document, purchaseId: string, viewer: Viewer) =>
    document === 'invoice'
      ? invoices.invoicePdf(purchaseId, viewer)
      : invoices.creditNotePdf(purchaseId, viewer);

  /** a bearer is the back office (401 when it is not a valid one); anyone else must be the shopper */
  const viewerOf = async (request: FastifyRequest): Promise<Viewer> => {
    if (request.headers.authorization === undefined) {
      return { customerId: await ctx.sessions.requireCustomer(request) };
    }
    await ctx.adminAuth.guard(request);
    return 'back-office';
  };

  for (const document of ['invoice', 'credit-note'] as const) {
    app.get(
      `/api/orders/:purchaseId/${document}`,
      { schema: { params: PurchaseParams, response: { 200: PdfAnswer } } },
      async (request, reply) => {
        const viewer = await viewerOf(request);
        const { purchaseId } = request.params;
        return sendPdf(reply, document, purchaseId, await render(document, purchaseId, viewer));
      },
    );

    app.get(
      `/admin/api/orders/:purchaseId/${document}`,
      { onRequest: ctx.adminAuth.guard, schema: { params: PurchaseParams, response: { 200: PdfAnswer } } },
      async (request, reply) => {
        const { purchaseId } = request.params;
        return sendPdf(reply, document, purchaseId, await render(document, purchaseId, 'back-office'));
      },
    );
  }
};
