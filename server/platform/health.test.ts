import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPglite, createPglite } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { describeEachDatabase } from '../test/app.ts';
import { registerHealth } from './health.ts';

describeEachDatabase('health and request ids', (t) => {
  it('answers /healthz and /readyz on a migrated database', async () => {
    const client = await t().client();
    const health = await client.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('names every answer with X-Request-Id, keeping a well-formed one it was given', async () => {
    const client = await t().client();
    const own = (await client.get('/home')).headers.get('x-request-id');
    expect(own).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.get('/api/nothing-here')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await client.get('/home', { 'x-request-id': 'edge-7f3a.1:2' });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.1:2');
    const replaced = await client.get('/home', { 'x-request-id': 'bad id with spaces' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness', () => {
  const pglite = createPglite();
  afterAll(async () => (await pglite).close());

  it('is 503 with the reason until the migrations are applied, and while shutting down', async () => {
    const { db } = connectPglite(await pglite);
    let stopping = false;
    const app = Fastify();
    registerHealth(app, { db, stopping: () => stopping });
    const unmigrated = await app.inject('/readyz');
    expect(unmigrated.statusCode).toBe(503);
    expect(unmigrated.json().error).toMatch(/^Not ready: migrations not applied: 001_schema/);
    await migrate(db);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    stopping = true;
    const closing = await app.inject('/readyz');
    expect(closing.statusCode).toBe(503);
    expect(closing.json()).toEqual({ error: 'Not ready: shutting down' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});
