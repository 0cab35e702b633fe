import { afterAll, beforeAll } from 'vitest';
import { connectPostgres } from '../db/connect.ts';
import { listenTestApp, type TestApp } from './app.ts';
import { databaseForProcess } from './database.ts';

/**
 * Two instances of the shop on one fresh PostgreSQL database, as behind a load balancer, started before
 * the suite and closed after it (call inside a describe that runs only with PostgreSQL).
 */
export function twoInstances(): { a: () => TestApp; b: () => TestApp } {
  let database: Awaited<ReturnType<typeof databaseForProcess>> | undefined;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    database = await databaseForProcess('postgres');
    const url = database.env.DATABASE_URL ?? '';
    for (let i = 0; i < 2; i++) {
      apps.push(await listenTestApp('postgres', connectPostgres(url, 4), { DATABASE_URL: url }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });
  const instance = (i: number) => () => {
    const app = apps[i];
    if (!app) throw new Error('the instances have not started');
    return app;
  };
  return { a: instance(0), b: instance(1) };
}

/**
 * What `read` answers once it satisfies `seen`, reading every 100 ms for at most `seconds`; the last
 * answer either way, for the test to judge (a change promised "within a second" is read for longer, so
 * that a slow machine shows a late answer rather than a wrong one).
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  seen: (answer: T) => boolean,
  seconds = 5,
): Promise<T> {
  let answer = await read();
  for (let tries = 1; tries < seconds * 10 && !seen(answer); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await read();
  }
  return answer;
}
