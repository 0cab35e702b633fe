import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * haat's server and its helpers as child processes, for the scripts that run them: `npm run cluster`,
 * the benchmarks, and the tests that kill or stop a real server.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `server/main.ts` in a process of its own on 127.0.0.1:port with exactly `env` (plus PORT and HOST).
 * One process, tsx as a loader rather than a wrapper, so a signal sent to it reaches the server;
 * `preload` (a benchmark's probe) is imported before it.
 */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  port: number,
  stdio: StdioOptions,
  preload: string[] = [],
): ChildProcess {
  const imports = ['tsx', ...preload].flatMap((module) => ['--import', module]);
  return spawn(process.execPath, [...imports, 'server/main.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio,
  });
}

/**
 * The compiled server (dist/server/main.js, `npm run build`) as the image and `npm start` run it, from
 * `folder`: the project, or a copy of the image's files.
 */
export function spawnCompiledServer(
  env: NodeJS.ProcessEnv,
  port: number,
  stdio: StdioOptions,
  folder = ROOT,
): ChildProcess {
  return spawn(process.execPath, ['dist/server/main.js'], {
    cwd: folder,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio,
  });
}

/** Waits until `url` answers 2xx; fails at once if `child` exits, or after `timeoutMs`. */
export async function untilAnswers(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: its process exited with code ${child.exitCode}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Ends the process with the signal (SIGKILL: a crash; SIGTERM: a graceful stop) and waits for it to go. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });
}

/** A free loopback port, asked of the system. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
