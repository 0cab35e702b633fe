import { createServer } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { SmsError } from '../../platform/sms/sender.ts';
import {
  dltText,
  MESSAGE_KINDS,
  renderMessage,
  smsRupees,
  templateVariable,
} from '../../platform/sms/templates.ts';
import { ConsoleSmsSender } from './console.ts';
import { MSG91_SUCCESS, startFakeMsg91 } from './fake-server.ts';
import { Msg91SmsSender } from './msg91.ts';

const fake = await startFakeMsg91();
afterAll(() => fake.close());

const options = { authKey: 'test-auth-key-0123', templateId: '65f1a2b3c4d5e6f708192a3b', sender: 'HAATIN' };

describe('MSG91 adapter', () => {
  beforeEach(() => {
    fake.received.length = 0;
    fake.answer = MSG91_SUCCESS;
  });

  it('posts the code to the flow API with the auth key and the DLT-mapped template', async () => {
    await new Msg91SmsSender({ ...options, baseUrl: fake.url }).sendOtp('9876543210', '042917');
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v5/flow');
    expect(request?.headers.authkey).toBe('test-auth-key-0123');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.body).toEqual({
      template_id: '65f1a2b3c4d5e6f708192a3b',
      sender: 'HAATIN',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', otp: '042917' }],
    });
  });

  it('leaves the sender out when none is configured (the template has one)', async () => {
    await new Msg91SmsSender({ ...options, sender: undefined, baseUrl: fake.url }).sendOtp(
      '6000000001',
      '111111',
    );
    expect(fake.received[0]?.body).not.toHaveProperty('sender');
  });

  it('fails on a non-2xx answer, naming the status and MSG91 message', async () => {
    fake.answer = { status: 401, body: '{"message":"Authentication failure","type":"error"}' };
    const sending = new Msg91SmsSender({ ...options, baseUrl: fake.url }).sendOtp('9876543210', '123456');
    await expect(sending).rejects.toThrow(SmsError);
    await expect(sending).rejects.toThrow(/HTTP 401.*Authentication failure/);
  });

  it('fails on a 200 that reports an error, and on an answer that is not JSON', async () => {
    const sender = new Msg91SmsSender({ ...options, baseUrl: fake.url });
    fake.answer = { status: 200, body: '{"message":"Template ID Missing","type":"error"}' };
    await expect(sender.sendOtp('9876543210', '123456')).rejects.toThrow(/Template ID Missing/);
    fake.answer = { status: 200, body: '<html>gateway</html>' };
    await expect(sender.sendOtp('9876543210', '123456')).rejects.toThrow(SmsError);
  });

  it("sends an order message with its kind's template, its variables and its idempotency key as CRQID", async () => {
    const sender = new Msg91SmsSender(
      { ...options, baseUrl: fake.url },
      { order_shipped: 'tmpl_shipped_01' },
    );
    const variables = { purchase: 'pur_ABC123', tracking: 'DKE77' };
    await sender.sendMessage({
      phone: '9876543210',
      template: 'order_shipped',
      variables,
      text: renderMessage('order_shipped', variables),
      idempotencyKey: 'order_shipped.pur_ABC123',
    });
    expect(fake.received[0]?.body).toEqual({
      template_id: 'tmpl_shipped_01',
      sender: 'HAATIN',
      short_url: '0',
      CRQID: 'order_shipped.pur_ABC123',
      recipients: [{ mobiles: '919876543210', purchase: 'pur_ABC123', tracking: 'DKE77' }],
    });
  });

  it('refuses an order message whose kind has no template, naming the variable to set', async () => {
    const sender = new Msg91SmsSender({ ...options, baseUrl: fake.url });
    const sending = sender.sendMessage({
      phone: '9876543210',
      template: 'refund_processed',
      variables: {},
      text: '',
      idempotencyKey: 'refund_processed.1',
    });
    await expect(sending).rejects.toThrow(/MSG91_TEMPLATE_REFUND_PROCESSED/);
    expect(fake.received).toHaveLength(0);
  });

  it('fails when the gateway cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const sender = new Msg91SmsSender({ ...options, baseUrl: `http://127.0.0.1:${closedPort}` });
    await expect(sender.sendOtp('9876543210', '123456')).rejects.toThrow(/could not be reached/);
  });
});

describe('order message templates', () => {
  it('fill their variables, and read as DLT registers them with {#var#}', () => {
    const variables = { amount: smsRupees(12_999_900), purchase: 'pur_X1', shop: 'Kolkata Looms' };
    expect(renderMessage('refund_processed', variables)).toBe(
      'Your refund of Rs 1,29,999 for Kolkata Looms order pur_X1 is processed. It reaches your account in 5-7 working days.',
    );
    expect(dltText('order_shipped')).toBe('Your {#var#} order {#var#} has shipped. Tracking id: {#var#}.');
  });

  it('each have their own template variable', () => {
    expect(MESSAGE_KINDS.map(templateVariable)).toEqual([
      'MSG91_TEMPLATE_ORDER_PLACED',
      'MSG91_TEMPLATE_ORDER_SHIPPED',
      'MSG91_TEMPLATE_ORDER_DELIVERED',
      'MSG91_TEMPLATE_ORDER_DELIVERED_FINAL',
      'MSG91_TEMPLATE_ORDER_CANCELLED',
      'MSG91_TEMPLATE_RETURN_ACCEPTED',
      'MSG91_TEMPLATE_REFUND_PROCESSED',
      'MSG91_TEMPLATE_BACK_IN_STOCK',
      'MSG91_TEMPLATE_EXCHANGE_REQUESTED',
      'MSG91_TEMPLATE_EXCHANGE_ACCEPTED',
      'MSG91_TEMPLATE_EXCHANGE_RECEIVED',
      'MSG91_TEMPLATE_EXCHANGE_SHIPPED',
      'MSG91_TEMPLATE_COD_OUT_FOR_DELIVERY',
      'MSG91_TEMPLATE_COD_CASH_COLLECTED',
      'MSG91_TEMPLATE_COD_CASH_RECEIVED',
      'MSG91_TEMPLATE_COD_CONFIRM',
    ]);
    expect(loadConfig({ MSG91_TEMPLATE_ORDER_SHIPPED: 'tmpl_9' }).smsTemplates).toEqual({
      order_shipped: 'tmpl_9',
    });
    expect(() => loadConfig({ MSG91_TEMPLATE_ORDER_PLACED: 'bad id' })).toThrow(
      /MSG91_TEMPLATE_ORDER_PLACED/,
    );
  });
});

describe('console SMS', () => {
  it('logs the text to +91 and keeps the latest code per phone', async () => {
    const logged: unknown[] = [];
    const sender = new ConsoleSmsSender({ info: (...args: unknown[]) => logged.push(args[0]) });
    await sender.sendOtp('9876543210', '000123');
    await sender.sendOtp('9876543210', '654321');
    expect(logged[1]).toEqual({
      to: '+919876543210',
      text: '654321 is your haat verification code. It is valid for 5 minutes.',
    });
    expect(sender.latestCode('9876543210')).toBe('654321');
    expect(sender.latestCode('9876543211')).toBeUndefined();
  });
});

describe('SMS configuration', () => {
  const msg91 = { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'test-auth-key-0123', MSG91_TEMPLATE_ID: 'tmpl_01' };
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
    PUBLIC_URL: 'https://shop.haat.example',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_x',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'webhook',
  };

  it('reads the MSG91 settings, with MSG91 itself as the default base URL', () => {
    const config = loadConfig({ ...msg91, MSG91_SENDER: 'HAATIN' });
    expect(config.msg91).toEqual({
      authKey: 'test-auth-key-0123',
      templateId: 'tmpl_01',
      sender: 'HAATIN',
      baseUrl: 'https://control.msg91.com',
    });
  });

  it.each([
    [{ MSG91_AUTH_KEY: '' }, /MSG91_AUTH_KEY/],
    [{ MSG91_TEMPLATE_ID: '' }, /MSG91_TEMPLATE_ID/],
    [{ MSG91_TEMPLATE_ID: 'has space' }, /MSG91_TEMPLATE_ID/],
    [{ MSG91_SENDER: 'HAAT' }, /MSG91_SENDER/],
    [{ MSG91_BASE_URL: 'not a url' }, /MSG91_BASE_URL/],
    [{ MSG91_BASE_URL: 'ftp://example.com' }, /MSG91_BASE_URL/],
  ])('refuses a bad MSG91 setting %o', (change, message) => {
    expect(() => loadConfig({ ...msg91, ...change })).toThrow(ConfigError);
    expect(() => loadConfig({ ...msg91, ...change })).toThrow(message);
  });

  it('refuses the console sender with live keys, and a plain-http gateway, in production', () => {
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'console' })).toThrow(/SMS_PROVIDER=console/);
    expect(() => loadConfig({ ...production, ...msg91, MSG91_BASE_URL: 'http://msg91.example' })).toThrow(
      /MSG91_BASE_URL must be an https URL/,
    );
    // a local stand-in on this machine is no plain-http hop across a network
    expect(loadConfig({ ...production, ...msg91, MSG91_BASE_URL: 'http://127.0.0.1:9' }).msg91.baseUrl).toBe(
      'http://127.0.0.1:9',
    );
    // a rehearsal with Razorpay's test keys may keep its codes in the server's log
    const rehearsal = { ...production, RAZORPAY_KEY_ID: 'rzp_test_x', SMS_PROVIDER: 'console' };
    expect(loadConfig(rehearsal)).toMatchObject({ smsProvider: 'console', testMode: true });
    expect(loadConfig({ ...production, ...msg91 }).smsProvider).toBe('msg91');
  });
});
