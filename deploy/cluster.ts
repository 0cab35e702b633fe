import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { freePort, spawnServer, stopProcess, untilAnswers } from './processes.ts';

/**
 * `npm run cluster -- --instances 2`: the deployment's topology on this machine, without Docker. Several
 * haat instances on one PostgreSQL (DATABASE_URL) and one data directory, behind an nginx from the
 * system's package, all on loopback. The first http:// URL printed is nginx's. Ctrl-C stops them all.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATE = join(ROOT, 'deploy', 'nginx.conf.template');
const FRONT = join(ROOT, 'deploy', 'nginx-front.conf');
// a first start compiles TypeScript on a busy machine: minutes, not seconds
const START_TIMEOUT_MS = 300_000;

export interface ClusterOptions {
  instances: number;
  /** nginx's port; 0 = any free one */
  port: number;
  /** the first instance's port, the others following it; 0 = any free ones */
  firstInstancePort: number;
  /** the environment of every instance: DATABASE_URL, DATA_DIR, secrets */
  env: NodeJS.ProcessEnv;
  /** where each instance's output goes */
  log?: (instance: number, line: string) => void;
}

export interface Instance {
  port: number;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  /** starts instance `index` again on its port (after a crash or a kill), and waits until it answers */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((path) =>
    existsSync(path),
  );
  if (!found) throw new ConfigError('nginx is not installed: apt-get install -y nginx-light (or nginx)');
  return found;
}

function nginxConfig(prefix: string, listen: string, ports: number[]): string {
  const servers = ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{prefix}}', prefix)
    .replaceAll('{{listen}}', listen)
    .replaceAll('{{front}}', FRONT)
    .replace('{{servers}}', servers);
}

/** `url`'s /readyz answers, in the time a first start takes */
const untilReady = (url: string, child: ChildProcess) =>
  untilAnswers(`${url}/readyz`, child, START_TIMEOUT_MS);

function startInstance(options: ClusterOptions, index: number, port: number): Instance {
  const child = spawnServer(options.env, port, ['ignore', 'pipe', 'pipe']);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line) options.log?.(index, line);
    });
  }
  return { port, url: `http://127.0.0.1:${port}`, process: child };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const config = loadConfig(options.env);
  if (!config.databaseUrl) {
    throw new ConfigError('a cluster needs DATABASE_URL (PostgreSQL): PGlite admits one process');
  }
  const nginx = nginxBinary();
  // migrated and seeded once, before any instance starts: the instances then find nothing to do
  const database = await openDatabase(config);
  await prepareDatabase(database.db, config);
  await database.close();

  const ports: number[] = [];
  for (let i = 0; i < options.instances; i++) {
    ports.push(options.firstInstancePort ? options.firstInstancePort + i : await freePort());
  }
  const instances = ports.map((port, i) => startInstance(options, i, port));
  const prefix = mkdtempSync(join(tmpdir(), 'haat-nginx-'));
  // nginx started as root runs its workers as nobody, who must reach the folders they write
  chmodSync(prefix, 0o755);
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) {
    mkdirSync(join(prefix, folder));
    chmodSync(join(prefix, folder), 0o777);
  }
  const port = options.port || (await freePort());
  writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, `127.0.0.1:${port}`, ports));
  let front: ChildProcess | undefined;

  const stop = async () => {
    await Promise.all([
      ...(front ? [stopProcess(front, 'SIGQUIT')] : []),
      ...instances.map((instance) => stopProcess(instance.process)),
    ]);
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => untilReady(instance.url, instance.process)));
    front = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await untilReady(url, front);
    return {
      url,
      instances,
      stop,
      restart: async (index) => {
        const old = instances[index];
        if (!old) throw new Error(`no instance ${index}`);
        await stopProcess(old.process, 'SIGKILL');
        const again = startInstance(options, index, old.port);
        instances[index] = again;
        await untilReady(again.url, again.process);
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      'first-port': { type: 'string', default: '3001' },
    },
  });
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
    throw new ConfigError('--instances must be a whole number from 1 to 16');
  }
  if (!existsSync(join(ROOT, 'dist', 'web', 'index.html'))) {
    throw new ConfigError('the web app is not built: run npm run build first');
  }
  const env = { ...process.env, DATA_DIR: resolve(process.env.DATA_DIR ?? join(ROOT, 'data')) };
  // the instances' logs wait until nginx's address is printed: it must be the output's first URL
  let early: string[] | undefined = [];
  const log = (index: number, line: string) => {
    const text = `[${index + 1}] ${line}\n`;
    if (early) early.push(text);
    else process.stdout.write(text);
  };
  const cluster = await startCluster({
    instances,
    port: Number(values.port),
    firstInstancePort: Number(values['first-port']),
    env,
    log,
  }).catch((error: unknown) => {
    for (const text of early ?? []) process.stderr.write(text);
    throw error;
  });
  console.log(`${cluster.url}  haat behind nginx, ${instances} instances:`);
  for (const instance of cluster.instances) {
    console.log(`  instance ${instance.url} (pid ${instance.process.pid})`);
  }
  for (const text of early) process.stdout.write(text);
  early = undefined;
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `haat cluster: ${error.message}` : error);
    process.exit(1);
  });
}
