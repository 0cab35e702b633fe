import Fastify from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ListingResponse } from '../../contract/catalogue.ts';
import { connectPglite, createPglite } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { IndexThread } from '../modules/catalogue/index-thread.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/database.ts';
import type { TestClient } from '../test/http.ts';
import { registerHealth } from './health.ts';

/** /readyz's answers until it is ready (the catalogue's index is built in the background at start). */
async function untilReady(client: TestClient) {
  for (;;) {
    const ready = await client.get<{ status?: string; error?: string }>('/readyz');
    if (ready.status !== 503) return ready;
    expect(ready.body).toEqual({ error: "Not ready: the catalogue's index is being built" });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase('health and request ids', (t) => {
  it('answers /healthz and /readyz on a migrated database', async () => {
    const client = await t().client();
    const health = await client.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await untilReady(client);
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
    let warming: string | undefined = 'an index is being built';
    const app = Fastify();
    registerHealth(app, { db, stopping: () => stopping, warming: () => warming });
    const unmigrated = await app.inject('/readyz');
    expect(unmigrated.statusCode).toBe(503);
    expect(unmigrated.json().error).toMatch(/^Not ready: migrations not applied: 001_schema/);
    await migrate(db);
    expect((await app.inject('/readyz')).json()).toEqual({ error: 'Not ready: an index is being built' });
    warming = undefined;
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    stopping = true;
    const closing = await app.inject('/readyz');
    expect(closing.statusCode).toBe(503);
    expect(closing.json()).toEqual({ error: 'Not ready: shutting down' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe.each(databaseKinds())('readiness at start, on %s', (kind) => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await testApp?.close();
  });

  it("is 503 until the catalogue's index is built, then 200, and a search right after is answered", async () => {
    // the index's thread starts when it is let: a restart at a million products, made as slow as a test needs
    const start = IndexThread.start.bind(IndexThread);
    let letStart: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      letStart = resolve;
    });
    const started = vi.spyOn(IndexThread, 'start').mockImplementation(async () => {
      await held;
      return start();
    });
    testApp = await startTestApp(kind);
    const client = await testApp.client();
    for (let i = 0; i < 3; i++) {
      const cold = await client.get('/readyz');
      expect(cold.status).toBe(503);
      expect(cold.body).toEqual({ error: "Not ready: the catalogue's index is being built" });
    }
    expect((await client.get('/healthz')).status).toBe(200);
    letStart();
    expect((await untilReady(client)).body).toEqual({ status: 'ready' });
    const search = await client.get<ListingResponse>('/api/search?q=kurta');
    expect(search.status).toBe(200);
    expect(search.body.noOfEntries).toBeGreaterThan(0);
    // the index the search read is the one readiness waited for
    expect(started).toHaveBeenCalledTimes(1);
  }, 60_000);

  it("waits for every sort's order, popularity's too: a listing by popularity after it tells the index nothing new", async () => {
    // what the shop's thread tells the index's, in order, with the moments seen from outside
    const told: string[] = [];
    const send = IndexThread.prototype.send;
    vi.spyOn(IndexThread.prototype, 'send').mockImplementation(function (this: IndexThread, command) {
      if (command.kind !== 'put' && command.kind !== 'remove') told.push(command.kind);
      send.call(this, command);
    });
    testApp = await startTestApp(kind);
    const client = await testApp.client();
    await untilReady(client);
    told.push('ready');
    const byPopularity = await client.post<ListingResponse>('/api/item/Women/Kurti', { page: 1, sort: 3 });
    expect(byPopularity.status).toBe(200);
    expect(byPopularity.body.prods.length).toBeGreaterThan(0);
    told.push('listed by popularity');
    // the figures came before the index finished (which makes the orders), and served the listing as they were
    expect(told).toEqual(['reserve', 'popularity', 'finish', 'ready', 'listed by popularity']);
  }, 60_000);
});
