/**
 * The load generator, run by load.ts in its own process so that it never shares the measured server's
 * event loop. Reads a FireSpec as JSON on stdin, writes a FireResult as JSON on stdout.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface FireRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FireSpec {
  url: string;
  connections: number;
  duration: number;
  warmup: number;
  /** one request repeated, or many spread over the connections so that none repeats another's */
  requests: FireRequest[];
}

export interface FireResult {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** requests sent, warm-up included */
  sent: number;
}

const spec = JSON.parse(readFileSync(0, 'utf8')) as FireSpec;

// the warm-up's clients and the measured run's clients each take their own slices of the requests
const slices = spec.connections * 2;
let clientsStarted = 0;
function setupClient(client: { setRequests(requests: FireRequest[]): void }): void {
  const slice = clientsStarted++ % slices;
  const mine = spec.requests.filter((_, i) => i % slices === slice);
  client.setRequests(mine.length > 0 ? mine : spec.requests);
}

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  warmup: { duration: spec.warmup },
  requests: spec.requests.length === 1 ? spec.requests : undefined,
  setupClient: spec.requests.length === 1 ? undefined : setupClient,
});

const measured: FireResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  failures: result.errors + result.timeouts + result.non2xx,
  sent: result.requests.sent + (result.warmup?.requests.sent ?? 0),
};
process.stdout.write(JSON.stringify(measured));
