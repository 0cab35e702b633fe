import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  EditProfileBody,
  LoginBody,
  LoginCheckResponse,
  LoginResponse,
  OtpSendBody,
  OtpSendResponse,
  OtpVerifyBody,
  OtpVerifyResponse,
  Profile,
  RegisteredResponse,
  SignOutResponse,
  SignUpMailBody,
  SignUpPhoneBody,
  SignUpRecord,
  ThrottledResponse,
} from '../../../contract/accounts.ts';
import { ErrorResponse, FormRefused } from '../../../contract/errors.ts';
import { CheckResponse } from '../../../contract/session.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { networkKey } from '../../platform/client-address.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import type { Asker, LoggedIn } from './service.ts';

export const accountRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { accounts, sessions, browser } = ctx;

  /** The CSRF check let only a browser with an id this far; '' would be one shared, tighter subject. */
  const asker = (request: FastifyRequest): Asker => ({
    browserId: browser.browserId(request) ?? '',
    network: networkKey(request.ip),
  });

  app.get('/api/check', { schema: { response: { 200: CheckResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { csrfToken: browser.token(request, reply) };
  });

  app.post(
    '/api/otp/send',
    {
      schema: {
        body: OtpSendBody,
        // 503: the SMS provider is failing (SMS_FAILING), for every number alike
        response: { 200: OtpSendResponse, 429: ThrottledResponse, 503: ErrorResponse },
      },
    },
    async (request) => accounts.sendCode(request.body.phoneNumber, asker(request)),
  );

  app.post(
    '/api/otp/verify',
    { schema: { body: OtpVerifyBody, response: { 200: OtpVerifyResponse } } },
    async (request, reply) => {
      const { phoneNumber, code } = request.body;
      const verified = await accounts.verifyCode(asker(request).browserId, phoneNumber, code);
      // a new session id: a cookie planted in this browser before never holds the verified phone
      await sessions.renew(request, reply, verified);
      reply.header('cache-control', 'no-store');
      return { verified: true as const };
    },
  );

  app.post(
    '/api/signUp',
    {
      constraints: { key: 'phone' },
      schema: { body: SignUpPhoneBody, response: { 200: RegisteredResponse, 429: ThrottledResponse } },
    },
    async (request) => accounts.isPhoneRegistered(asker(request), request.body.phoneNumber),
  );

  app.post(
    '/api/signUp',
    {
      constraints: { key: 'mail' },
      schema: { body: SignUpMailBody, response: { 200: RegisteredResponse, 429: ThrottledResponse } },
    },
    async (request) => accounts.isMailRegistered(asker(request), request.body.mailId),
  );

  app.post(
    '/api/signUp',
    {
      constraints: { key: 'login' },
      schema: { body: SignUpRecord, response: { 200: LoginResponse } },
    },
    async (request, reply) => {
      const session = await sessions.current(request);
      return logIn(ctx, request, reply, await accounts.signUp(session, request.body));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: LoginBody, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const session = await sessions.current(request);
      return logIn(ctx, request, reply, await accounts.login(session, request.body.phoneNumber));
    },
  );

  app.get('/loginCheck', { schema: { response: { 200: LoginCheckResponse } } }, async (request, reply) => {
    const customerId = await sessions.requireCustomer(request);
    const { fname } = await accounts.profile(customerId);
    reply.header('cache-control', 'no-store');
    return { loggedIn: true as const, fname };
  });

  app.get('/api/profile', { schema: { response: { 200: Profile } } }, async (request, reply) => {
    const customerId = await sessions.requireCustomer(request);
    reply.header('cache-control', 'no-store');
    return accounts.profile(customerId);
  });

  app.post(
    '/editProfile',
    { schema: { body: EditProfileBody, response: { 200: Profile, 400: FormRefused } } },
    async (request) => {
      const customerId = await sessions.requireCustomer(request);
      return accounts.editProfile(customerId, request.body);
    },
  );

  // a GET, as the spec has it; a browser's Sec-Fetch-Site tells a forged cross-site link from the shop's call
  app.get(
    '/api/userSignout',
    // no automatic HEAD twin: a HEAD must not sign anybody out
    { exposeHeadRoute: false, schema: { response: { 200: SignOutResponse } } },
    async (request, reply) => {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw forbidden('Sign out from the shop itself');
      }
      const session = await sessions.current(request);
      if (!session?.customerId) throw forbidden('Logged out already');
      await sessions.destroy(request, reply);
      return { signedOut: true as const };
    },
  );
};

/**
 * Logs the session in under a new session id (sign-up, login, and a shopper's passkey); the browser's CSRF
 * token stays, and so does the verified phone (for its 10 minutes), so the spec's `/api/login` right after
 * sign-up answers as well. What the visitor's session kept (bag, wishlist) joins the account first, as the
 * old session goes at rotation. The browser has now signed in with the phone: it keeps a code allowance for it.
 */
export async function logIn(
  ctx: Pick<Services, 'guestBags' | 'sessions' | 'accounts' | 'browser'>,
  request: FastifyRequest,
  reply: FastifyReply,
  who: LoggedIn,
): Promise<LoginResponse> {
  const { sessions } = ctx;
  await ctx.accounts.rememberSignIn('shopper', ctx.browser.browserId(request), who.phone);
  const bagChanges = await ctx.guestBags.adopt(await sessions.current(request), who.customerId);
  await sessions.rotate(request, reply, { customerId: who.customerId });
  reply.header('cache-control', 'no-store');
  return { fname: who.fname, bagChanges };
}
