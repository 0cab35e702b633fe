import { readFile } from 'node:fs/promises';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { type BuildOptions, build } from 'esbuild';

/** A worker thread's module: its TypeScript source, and the script the compiled server's build writes for it. */
export interface WorkerModule {
  /** the absolute path of the TypeScript entry */
  source: string;
  /** its bundle's file name beside the compiled server's files (dist/server) */
  compiled: string;
}

/** How a worker's module and all it imports become one script: here, or by deploy/build-server.ts. */
export const workerBuild = (worker: WorkerModule) =>
  ({
    entryPoints: [worker.source],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
  }) satisfies BuildOptions;

const scripts = new Map<string, Promise<string>>();

/**
 * The worker's script, made once per process: from the TypeScript source it is bundled now (esbuild,
 * tens of ms), and the compiled server reads the one its build made. A thread then starts in tens of
 * ms, where loading TypeScript through tsx took over a second.
 */
function workerScript(worker: WorkerModule): Promise<string> {
  let script = scripts.get(worker.compiled);
  if (script === undefined) {
    script = (
      import.meta.url.endsWith('.ts')
        ? build({ ...workerBuild(worker), write: false }).then(
            ({ outputFiles }) => outputFiles[0]?.text ?? '',
          )
        : readFile(new URL(`./${worker.compiled}`, import.meta.url), 'utf8')
    ).catch((error: unknown) => {
      scripts.delete(worker.compiled);
      throw error;
    });
    scripts.set(worker.compiled, script);
  }
  return script;
}

/** A thread running `worker`'s module, given `workerData` (moving what `transferList` names). */
export async function startWorker(
  worker: WorkerModule,
  options: Pick<WorkerOptions, 'workerData' | 'transferList'> = {},
): Promise<Worker> {
  // no flags of the parent's (a profiler's, tsx's): the script is plain JavaScript
  return new Worker(await workerScript(worker), { ...options, eval: true, execArgv: [] });
}
