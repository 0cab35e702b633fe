/**
 * CPU time spent serving a case: this process's (the in-process haat, every thread of it) and that of the
 * PostgreSQL backends serving its database. On a shared machine a request's wall time says more about
 * the load of the moment than about the shop; the CPU time each request costs does not (it is what the
 * shop and its database actually did), so two runs taken at different loads can be compared by it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** ms of CPU (user and system) of this process, all its threads */
const ownMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Ticks of CPU of each PostgreSQL backend connected to `database` (their process titles name it), by pid.
 * A backend that ends during a case takes its time with it, which the pool's long-lived connections avoid.
 */
function backendTicks(database: string): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended while it was read
    }
  }
  return ticks;
}

/** ms of CPU the backends spent between two readings; one started meanwhile counts from zero. */
function backendsMs(before: Map<string, number>, after: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, spent] of after) ticks += spent - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_S;
}

export interface CpuSpent {
  haatMs: number;
  databaseMs: number;
}

/** Starts counting; the function it answers gives the CPU spent since. `database` is PostgreSQL's, if any. */
export function cpuMeter(database: string | undefined): () => CpuSpent {
  const backends = () => (database ? backendTicks(database) : new Map<string, number>());
  const [startOwn, startBackends] = [ownMs(), backends()];
  return () => ({ haatMs: ownMs() - startOwn, databaseMs: backendsMs(startBackends, backends()) });
}
