import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { indiaPincode } from '../server/modules/delivery/india.ts';
import { indiaTableFromPackage } from '../server/modules/delivery/india-table.ts';

/**
 * How long the first use of India's pincodes holds the thread, each case in a fresh process as after a
 * start (decision 040): the package's 34 MB JSON parsed and reduced, as every start's first
 * use did before, against the committed table read and indexed, as the app now does before it listens.
 * `npm run bench:pincodes` prints the median of five runs of each, in ms.
 */
const CASES = {
  package: () => indiaTableFromPackage(),
  // the first indiaPincode() reads the table and indexes it
  table: () => indiaPincode('110001'),
};
const RUNS = 5;

const only = process.argv[2] as keyof typeof CASES | undefined;
if (only) {
  const start = performance.now();
  CASES[only]();
  console.log((performance.now() - start).toFixed(1));
} else {
  for (const name of Object.keys(CASES)) {
    const times = Array.from({ length: RUNS }, () =>
      Number(execFileSync('npx', ['tsx', fileURLToPath(import.meta.url), name], { encoding: 'utf8' })),
    ).sort((a, b) => a - b);
    console.log(`${name}: median ${times[RUNS >> 1]} ms (runs ${times.join(', ')})`);
  }
}
