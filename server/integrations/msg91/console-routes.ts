import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevSmsParams, DevSmsResponse } from '../../../contract/accounts.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerLoopbackOnly } from '../../platform/dev-routes.ts';
import { notFound } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { ConsoleSmsSender } from './console.ts';

/** The console sender's codes and messages to a phone, for development and tests only. */
export const devSmsRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const outbox = ctx.sms.sender;
  if (ctx.config.nodeEnv === 'production' || !(outbox instanceof ConsoleSmsSender)) return;
  answerLoopbackOnly(app);
  app.get(
    '/api/dev/sms/:phoneNumber',
    { schema: { params: DevSmsParams, response: { 200: DevSmsResponse } } },
    async (request) => {
      const phone = request.params.phoneNumber;
      const code = outbox.latestCode(phone) ?? null;
      const messages = await ctx.notifications.sentTo(phone);
      if (!code && messages.length === 0) throw notFound('No SMS has been sent to this number');
      return { code, messages };
    },
  );
};
