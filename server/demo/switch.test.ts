import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect.ts';
import { DEMO_PHOTOS } from '../platform/images/service.ts';
import { type DatabaseKind, databaseForProcess, databaseKinds } from '../test/database.ts';
import { freePort, startServer, stopServer } from '../test/server-process.ts';
import { generateDemoShop } from './catalogue/generate.ts';

// `npm start` (server/main.ts, a real process) fills an empty shop with the demo only when
// HAAT_DEMO is on: by default in development, never by default in production

/** A production start that needs nothing outside: the providers are set, and nothing is sent to them. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
  PUBLIC_URL: 'https://shop.haat.example',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'production-auth-key',
  MSG91_TEMPLATE_ID: 'otp_template',
  // production refuses a fake's plain http; these starts send no SMS and take no payment
  MSG91_BASE_URL: 'https://msg91.invalid',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_production_mode',
  RAZORPAY_KEY_SECRET: 'production-mode-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'production-mode-webhook-secret',
  RAZORPAY_BASE_URL: 'https://razorpay.invalid',
};

const TABLES = ['products', 'sellers', 'delivery_partners', 'pincodes', 'reviews', 'customers'] as const;

async function rowsIn(db: Db): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = await Promise.all(
    TABLES.map(async (table) => {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(
        db,
      );
      return [table, rows[0]?.n ?? Number.NaN] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<(typeof TABLES)[number], number>;
}

const NOTHING = { products: 0, sellers: 0, delivery_partners: 0, pincodes: 0, reviews: 0, customers: 0 };

describe('the demo at start', () => {
  let database: Awaited<ReturnType<typeof databaseForProcess>> | undefined;
  let server: ChildProcess | undefined;

  afterEach(async () => {
    if (server) await stopServer(server);
    server = undefined;
    await database?.close();
    database = undefined;
  });

  /** Starts the real server on a fresh empty database of `kind` with `env`, stops it, and counts its rows. */
  async function startOnEmpty(kind: DatabaseKind, env: Record<string, string>) {
    database = await databaseForProcess(kind, { empty: true });
    server = await startServer({ ...database.env, ...env }, await freePort());
    await stopServer(server);
    server = undefined;
    const handle = await database.open();
    try {
      return await rowsIn(handle.db);
    } finally {
      await handle.close();
    }
  }

  it.skipIf(!databaseKinds().includes('postgres'))(
    'in production on an empty PostgreSQL: no demo row at all, no photo drawn',
    async () => {
      expect(await startOnEmpty('postgres', PRODUCTION)).toEqual(NOTHING);
      expect(existsSync(join(database?.env.DATA_DIR ?? '', DEMO_PHOTOS))).toBe(false);
    },
    180_000,
  );

  it.skipIf(!databaseKinds().includes('postgres'))(
    'in production with HAAT_DEMO=on: the whole demo, its photos drawn',
    async () => {
      const shop = generateDemoShop();
      const rows = await startOnEmpty('postgres', { ...PRODUCTION, HAAT_DEMO: 'on' });
      expect(rows).toEqual({
        products: shop.products.length,
        sellers: shop.sellers.length,
        delivery_partners: shop.partners.length,
        pincodes: shop.pincodes.length,
        reviews: shop.reviews.length,
        customers: shop.customers.length,
      });
      expect(existsSync(join(database?.env.DATA_DIR ?? '', DEMO_PHOTOS, '.drawn'))).toBe(true);
    },
    300_000,
  );

  it('in development on an empty PGlite with HAAT_DEMO=off: still empty', async () => {
    expect(await startOnEmpty('pglite', { HAAT_DEMO: 'off' })).toEqual(NOTHING);
  }, 180_000);
});
