import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvironment } from './config.ts';

const RAZORPAY = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_key',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

/** the least a production start needs */
const PRODUCTION = {
  ...RAZORPAY,
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'production-auth-key',
  MSG91_TEMPLATE_ID: 'otp_template',
  PUBLIC_URL: 'https://shop.haat.example',
};

describe('configuration', () => {
  it('refuses Razorpay without its secrets in any mode, naming what is missing', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const env = { ...RAZORPAY, NODE_ENV, RAZORPAY_WEBHOOK_SECRET: undefined };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow('PAYMENT_PROVIDER=razorpay needs RAZORPAY_WEBHOOK_SECRET');
    }
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      'needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET',
    );
    expect(loadConfig(RAZORPAY).razorpay.webhookSecret).toBe('webhook-secret');
  });

  it('ships by hand unless COURIER_PROVIDER=shiprocket; outside production the local fake takes any user', () => {
    expect(loadConfig({}).courierProvider).toBe('manual');
    const fake = loadConfig({ COURIER_PROVIDER: 'shiprocket' });
    expect(fake.shiprocket.baseUrl).toBeUndefined();
    expect(fake.shiprocket.webhookToken).not.toBe('');
    expect(() => loadConfig({ COURIER_PROVIDER: 'courier' })).toThrow('COURIER_PROVIDER must be one of');
  });

  it("uses Shiprocket's API in production, only over https and with its API user and webhook token", () => {
    const shiprocket = {
      ...PRODUCTION,
      COURIER_PROVIDER: 'shiprocket',
      SHIPROCKET_EMAIL: 'api@shop.example',
      SHIPROCKET_PASSWORD: 'api-password',
      SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token',
    };
    expect(loadConfig(shiprocket).shiprocket.baseUrl).toBe('https://apiv2.shiprocket.in');
    expect(() => loadConfig({ ...shiprocket, SHIPROCKET_BASE_URL: 'http://apiv2.shiprocket.in' })).toThrow(
      'SHIPROCKET_BASE_URL must be an https URL',
    );
    expect(() => loadConfig({ ...shiprocket, SHIPROCKET_WEBHOOK_TOKEN: undefined })).toThrow(
      'COURIER_PROVIDER=shiprocket needs SHIPROCKET_WEBHOOK_TOKEN',
    );
    // a base URL outside production is a real API (or a fake elsewhere): its user is needed too
    expect(() =>
      loadConfig({ COURIER_PROVIDER: 'shiprocket', SHIPROCKET_BASE_URL: 'http://127.0.0.1:9000' }),
    ).toThrow('needs SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_WEBHOOK_TOKEN');
  });

  it('gives the simulated gateway its development secrets', () => {
    const config = loadConfig({});
    expect(config.paymentProvider).toBe('simulated');
    expect(config.razorpay.webhookSecret).not.toBe('');
    expect(config.razorpay.keySecret).not.toBe('');
  });

  it('reads the SMS budget, and refuses one that is not a whole number', () => {
    expect(loadConfig({}).smsBudget).toEqual({ hourly: 1000, daily: 10_000 });
    expect(loadConfig({ SMS_HOURLY_BUDGET: '5', SMS_DAILY_BUDGET: '20' }).smsBudget).toEqual({
      hourly: 5,
      daily: 20,
    });
    expect(() => loadConfig({ SMS_DAILY_BUDGET: 'lots' })).toThrow('SMS_DAILY_BUDGET must be a whole number');
  });

  it('reads what one checkout may hold, and for how long, and refuses a limit that is not a whole number', () => {
    expect(loadConfig({}).orderLimits).toEqual({ maxUnits: 20, maxRupees: 200_000 });
    expect(loadConfig({}).stockHoldMinutes).toBe(10);
    const tuned = loadConfig({ ORDER_MAX_UNITS: '30', ORDER_MAX_RUPEES: '500000', STOCK_HOLD_MINUTES: '15' });
    expect(tuned.orderLimits).toEqual({ maxUnits: 30, maxRupees: 500_000 });
    expect(tuned.stockHoldMinutes).toBe(15);
    expect(() => loadConfig({ ORDER_MAX_UNITS: '0' })).toThrow('ORDER_MAX_UNITS must be a whole number');
    expect(() => loadConfig({ ORDER_MAX_RUPEES: '2,00,000' })).toThrow(
      'ORDER_MAX_RUPEES must be a whole number',
    );
    expect(() => loadConfig({ STOCK_HOLD_MINUTES: '0.5' })).toThrow(
      'STOCK_HOLD_MINUTES must be a whole number',
    );
  });

  it("reads the share of numbers with no account and the back office's own SMS budget", () => {
    expect(loadConfig({}).smsUnknownShare).toBe(20);
    expect(loadConfig({}).staffSmsBudget).toEqual({ hourly: 100, daily: 500 });
    const tuned = loadConfig({
      SMS_UNKNOWN_SHARE: '5',
      STAFF_SMS_HOURLY_BUDGET: '10',
      STAFF_SMS_DAILY_BUDGET: '30',
    });
    expect(tuned.smsUnknownShare).toBe(5);
    expect(tuned.staffSmsBudget).toEqual({ hourly: 10, daily: 30 });
    // 0 would refuse every sign-up's code
    expect(() => loadConfig({ SMS_UNKNOWN_SHARE: '0' })).toThrow(
      'SMS_UNKNOWN_SHARE must be a whole number from 1 to 100',
    );
    expect(() => loadConfig({ SMS_UNKNOWN_SHARE: '150' })).toThrow(
      'SMS_UNKNOWN_SHARE must be a whole number from 1 to 100',
    );
    expect(() => loadConfig({ STAFF_SMS_HOURLY_BUDGET: '-1' })).toThrow(
      'STAFF_SMS_HOURLY_BUDGET must be a whole number',
    );
  });

  it('turns the demo on in development and off in production, unless HAAT_DEMO says otherwise', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ HAAT_DEMO: 'off' }).demo).toBe(false);
    expect(loadConfig(PRODUCTION).demo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, HAAT_DEMO: 'on' }).demo).toBe(true);
    expect(() => loadConfig({ HAAT_DEMO: 'yes' })).toThrow('HAAT_DEMO must be one of on, off (got "yes")');
  });

  it('names the real problem of each variable, and every problem at once, one per line', () => {
    const env = {
      ...RAZORPAY,
      NODE_ENV: 'production',
      SESSION_SECRET: 'too-short',
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'short',
      MSG91_TEMPLATE_ID: 'otp_template',
      PORT: 'eighty',
      HAAT_DEMO: 'yes',
      ADMIN_TOKEN: 'tiny',
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'HAAT_DEMO must be one of on, off (got "yes")',
      'MSG91_AUTH_KEY must be at least 8 characters and at most 200 (got 5)',
      'SESSION_SECRET must be at least 32 characters in production (got 9)',
      expect.stringMatching(/^PUBLIC_URL must be set in production/),
      'ADMIN_TOKEN must be at least 24 characters (got 4)',
    ]);
    expect((error as ConfigError).message).toBe(problems.join('\n'));
    // unset is said as such
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91', MSG91_TEMPLATE_ID: 'otp' })).toThrow(
      'MSG91_AUTH_KEY must be set',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'an auth key' })).toThrow(
      /^MSG91_AUTH_KEY must not contain spaces\nMSG91_TEMPLATE_ID must be set/,
    );
  });

  it('serves the API reference in development and not in production, unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow('API_DOCS must be one of on, off (got "yes")');
  });

  it('reads the public address as an origin without a trailing slash, and refuses one that is not http(s)', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://haat.in/' }).publicUrl).toBe('https://haat.in');
    expect(() => loadConfig({ PUBLIC_URL: 'haat.in' })).toThrow('PUBLIC_URL must be an http(s) address');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://haat.in' })).toThrow('PUBLIC_URL must be');
  });

  it('refuses a production start without PUBLIC_URL, naming it; development goes on without one', () => {
    expect(loadConfig(PRODUCTION).publicUrl).toBe('https://shop.haat.example');
    for (const PUBLIC_URL of [undefined, '']) {
      expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL })).toThrow(ConfigError);
      expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL })).toThrow(
        /^PUBLIC_URL must be set in production/,
      );
    }
    // a malformed one is named once, for what is wrong with it
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: 'shop.haat.example' })).toThrow(
      /^PUBLIC_URL must be an http\(s\) address[^\n]*$/,
    );
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'development' }).publicUrl).toBe(
      'https://shop.haat.example',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
  });

  it('runs in test mode while no real money can move, a rehearsal in production with rzp_test_ keys', () => {
    expect(loadConfig({}).testMode).toBe(true);
    expect(loadConfig(RAZORPAY).testMode).toBe(true);
    expect(loadConfig(PRODUCTION)).toMatchObject({ nodeEnv: 'production', testMode: true });
    expect(loadConfig({ ...PRODUCTION, RAZORPAY_KEY_ID: 'rzp_live_key' }).testMode).toBe(false);
    // codes in the server's log only while no real money moves
    expect(loadConfig({ ...PRODUCTION, SMS_PROVIDER: 'console' }).smsProvider).toBe('console');
    expect(() =>
      loadConfig({ ...PRODUCTION, SMS_PROVIDER: 'console', RAZORPAY_KEY_ID: 'rzp_live_key' }),
    ).toThrow('SMS_PROVIDER=console is for development and rehearsals');
  });

  it("reads the project's .env under the process's own variables, which win", () => {
    const folder = mkdtempSync(join(tmpdir(), 'haat-env-'));
    try {
      const file = join(folder, '.env');
      writeFileSync(file, '# the owner\'s\nDATABASE_URL=postgres://haat:secret@db:5432/haat\nPORT="4000"\n');
      expect(readEnvironment(file, { PORT: '5000' })).toEqual({
        DATABASE_URL: 'postgres://haat:secret@db:5432/haat',
        PORT: '5000',
      });
      expect(readEnvironment(join(folder, 'none'), { PORT: '5000' })).toEqual({ PORT: '5000' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
