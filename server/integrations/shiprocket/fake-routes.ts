import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendPdf } from '../../modules/courier/shipping-routes.ts';
import { answerLoopbackOnly } from '../../platform/dev-routes.ts';
import { notFound } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { FAKE_FILES_PATH } from './fake.ts';

/** The local fake's labels and manifests, at the URLs it gives (development and tests, this machine only). */
export const devShippingRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { fake } = ctx.courier;
  if (ctx.config.nodeEnv === 'production' || !fake) return;
  answerLoopbackOnly(app);
  app.get(
    `${FAKE_FILES_PATH}/:name`,
    { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 200 }) }) } },
    async (request, reply) => {
      const pdf = await fake.file(request.url);
      if (!pdf) throw notFound('No such file');
      return sendPdf(reply, request.params.name.replace(/\.pdf$/, ''), pdf);
    },
  );
};
