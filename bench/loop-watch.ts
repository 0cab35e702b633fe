/**
 * Loaded into the server by bench/stalls.ts (`node --import`): each gap of its event loop over 20 ms, with
 * the CPU time the shop's thread spent in it (Linux's schedstat), appended to LOOP_WATCH_FILE as
 * `start end cpu`, in µs of the monotonic clock the bench shares. On a shared machine a gap's wall time
 * includes the time the thread waited for a core; its CPU time is how long the shop itself held the loop.
 */
import { appendFileSync, readFileSync } from 'node:fs';

const file = process.env.LOOP_WATCH_FILE;
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const GAP_US = 20_000;
// µs on the CPU: schedstat's first field, in ns
const cpu = () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1000;
const now = () => Number(process.hrtime.bigint() / 1000n);

if (file) {
  let last = now();
  let lastCpu = cpu();
  setInterval(() => {
    const [at, atCpu] = [now(), cpu()];
    if (at - last > GAP_US) appendFileSync(file, `${last} ${at} ${Math.round(atCpu - lastCpu)}\n`);
    [last, lastCpu] = [at, atCpu];
  }, 2).unref();
}
