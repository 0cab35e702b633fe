import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DevSmsParams,
  DevSmsResponse,
  EditProfileBody,
  LoginBody,
  LoginCheckResponse,
  LoginResponse,
  OtpSendBody,
  OtpSendResponse,
  OtpVerifyBody,
  OtpVerifyResponse,
  Profile,
  SignOutResponse,
  SignUpBody,
  SignUpHeaders,
  SignUpResponse,
  ThrottledResponse,
} from '../../../contract/accounts.ts';
import { CheckResponse } from '../../../contract/session.ts';
import type { AppContext } from '../../app.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { ConsoleSmsSender } from '../../platform/sms/console.ts';
import type { SmsSender } from '../../platform/sms/sender.ts';
import type { AccountsService, LoggedIn } from './service.ts';

export interface AccountRoutesOptions extends AppContext {
  accounts: AccountsService;
  sms: SmsSender;
}

export const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (app, ctx) => {
  const { accounts, sessions } = ctx;

  app.get('/api/check', { schema: { response: { 200: CheckResponse } } }, async (request, reply) => {
    const session = await sessions.ensure(request, reply);
    reply.header('cache-control', 'no-store');
    return { csrfToken: session.csrfToken };
  });

  app.post(
    '/api/otp/send',
    { schema: { body: OtpSendBody, response: { 200: OtpSendResponse, 429: ThrottledResponse } } },
    async (request, reply) => {
      const result = await accounts.sendCode(request.body.phoneNumber, request.ip);
      if ('retryAfter' in result) {
        return reply.code(429).header('retry-after', String(result.retryAfter)).send(result);
      }
      return result;
    },
  );

  app.post(
    '/api/otp/verify',
    { schema: { body: OtpVerifyBody, response: { 200: OtpVerifyResponse } } },
    async (request) => {
      const session = await sessions.require(request);
      await accounts.verifyCode(session, request.body.phoneNumber, request.body.code);
      return { verified: true as const };
    },
  );

  /** Logs the session in: a new cookie and CSRF token, and the verified phone is used up. */
  const logIn = async (request: FastifyRequest, reply: FastifyReply, who: LoggedIn) => {
    await sessions.rotate(request, reply, { customerId: who.customerId });
    reply.header('cache-control', 'no-store');
    return { fname: who.fname };
  };

  app.post(
    '/api/signUp',
    {
      schema: {
        headers: SignUpHeaders,
        body: SignUpBody,
        response: { 200: SignUpResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      switch (request.headers.key) {
        case 'phone':
          return accounts.isPhoneRegistered(required(body.phoneNumber, 'phoneNumber'));
        case 'mail':
          return accounts.isMailRegistered(required(body.mailId, 'mailId'));
        case 'login': {
          const record = {
            phone: required(body.phone, 'phone'),
            mail: required(body.mail, 'mail'),
            fname: required(body.fname, 'fname'),
            lname: required(body.lname, 'lname'),
          };
          const session = await sessions.require(request);
          return logIn(request, reply, await accounts.signUp(session, record));
        }
      }
    },
  );

  app.post(
    '/api/login',
    { schema: { body: LoginBody, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const session = await sessions.require(request);
      return logIn(request, reply, await accounts.login(session, request.body.phoneNumber));
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
    { schema: { body: EditProfileBody, response: { 200: Profile } } },
    async (request) => {
      const customerId = await sessions.requireCustomer(request);
      return accounts.editProfile(customerId, request.body);
    },
  );

  // a GET, as the spec has it; signing someone out is all a forged link could do
  app.get(
    '/api/userSignout',
    // no automatic HEAD twin: a HEAD must not sign anybody out
    { exposeHeadRoute: false, schema: { response: { 200: SignOutResponse } } },
    async (request, reply) => {
      const session = await sessions.current(request);
      if (!session?.customerId) throw forbidden('Logged out already');
      await sessions.destroy(request, reply);
      return { signedOut: true as const };
    },
  );

  if (ctx.config.nodeEnv !== 'production' && ctx.sms instanceof ConsoleSmsSender) {
    const outbox = ctx.sms;
    app.get(
      '/api/dev/sms/:phoneNumber',
      { schema: { params: DevSmsParams, response: { 200: DevSmsResponse } } },
      async (request) => {
        const code = outbox.latestCode(request.params.phoneNumber);
        if (!code) throw notFound('No OTP has been sent to this number');
        return { code };
      },
    );
  }
};

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw badRequest(`${field} is required`);
  return value;
}
