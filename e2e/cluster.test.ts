import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type DatabaseHandle } from '../server/db/connect.ts';
import { BROWSER_COOKIE } from '../server/platform/csrf.ts';
import { SESSION_COOKIE } from '../server/platform/sessions.ts';
import { databaseForProcess, databaseKinds } from '../server/test/database.ts';
import { type FixtureProduct, Fixtures } from '../server/test/fixtures.ts';
import { TestClient } from '../server/test/http.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const SESSION_CACHE_MS = 1000;

interface Running {
  child: ChildProcess;
  url: string;
  instances: { url: string; pid: number }[];
  output: string[];
}

/** `npm run cluster` as a person starts it; resolves once it has printed nginx's and the instances' addresses. */
function startClusterCommand(env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'deploy/cluster.ts', '--instances', '2', '--port', '0', '--first-port', '0'],
    { cwd: ROOT, env: { ...process.env, ...env, SESSION_CACHE_MS: String(SESSION_CACHE_MS) }, stdio: 'pipe' },
  );
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const text = output.join('');
      const instances = [...text.matchAll(/instance (http:\/\/\S+) \(pid (\d+)\)/g)].map((m) => ({
        url: m[1] ?? '',
        pid: Number(m[2]),
      }));
      const first = /http:\/\/[^\s]+/.exec(text)?.[0];
      if (first && instances.length === 2) resolve({ child, url: first, instances, output });
    });
    child.once('exit', (code) => reject(new Error(`npm run cluster exited (${code}): ${output.join('')}`)));
  });
}

/** The shopper's cookies, sent straight to one instance rather than through nginx. */
function sameBrowser(shopper: TestClient, url: string): TestClient {
  const direct = new TestClient(url);
  for (const name of [SESSION_COOKIE, BROWSER_COOKIE]) direct.setCookie(name, shopper.cookie(name) ?? '');
  return direct;
}

describe.skipIf(!databaseKinds().includes('postgres'))('npm run cluster: two instances behind nginx', () => {
  let database: Awaited<ReturnType<typeof databaseForProcess>>;
  let db: DatabaseHandle;
  let cluster: Running;
  let fixtures: Fixtures;
  let product: FixtureProduct;

  beforeAll(async () => {
    if (!NGINX) throw new Error('These tests need nginx from Debian: apt-get install -y nginx-light');
    database = await databaseForProcess('postgres');
    db = connectPostgres(database.env.DATABASE_URL ?? '', 2);
    fixtures = new Fixtures(db.db);
    product = await fixtures.product({ sizes: [['M', 5]] });
    cluster = await startClusterCommand(database.env);
  }, 300_000);

  afterAll(async () => {
    if (cluster?.child.exitCode === null) {
      const exited = new Promise((done) => cluster.child.once('exit', done));
      cluster.child.kill('SIGTERM');
      await exited;
    }
    await db?.close();
    await database?.close();
  });

  it("prints nginx's address first, and nginx serves the shop, compressed, with its request id", async () => {
    expect(cluster.url).not.toBe(cluster.instances[0]?.url);
    const res = await fetch(`${cluster.url}/home`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('x-request-id')).toMatch(/\S+/);
    for (const instance of cluster.instances)
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  });

  it('keeps a session across instances, and when one is killed the other takes its traffic', async () => {
    const shopper = await new TestClient(cluster.url).start();
    await fixtures.logIn(shopper, await fixtures.customer());
    const added = await shopper.post(
      `/product/apparel/${product.id}`,
      { prodID: product.id, size: 'M', addCart: 1 },
      { key: 'addCart' },
    );
    expect(added.status).toBe(200);

    const [killed] = cluster.instances;
    process.kill(killed?.pid ?? 0, 'SIGKILL');
    await new Promise((done) => setTimeout(done, 200));
    await expect(fetch(`${killed?.url}/readyz`)).rejects.toThrow();
    for (let i = 0; i < 6; i++) {
      const bag = await shopper.get<{ prods: unknown[] }>('/api/purchasePage');
      expect(bag.status).toBe(200);
      expect(bag.body.prods).toHaveLength(1);
    }
  });

  it('refuses a signed-out session on every instance within SESSION_CACHE_MS', async () => {
    const shopper = await new TestClient(cluster.url).start();
    await fixtures.logIn(shopper, await fixtures.customer());
    const living = cluster.instances.slice(1);
    for (const instance of living) {
      expect((await sameBrowser(shopper, instance.url).get('/api/profile')).status).toBe(200);
    }
    expect((await shopper.get('/api/userSignout')).status).toBe(200);
    await new Promise((done) => setTimeout(done, SESSION_CACHE_MS + 100));
    for (const instance of living) {
      expect((await sameBrowser(shopper, instance.url).get('/api/profile')).status).toBe(403);
    }
  });
});
