// The part of autocannon's API the load benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
    sent: number;
  }

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Client {
    setRequests(requests: Request[]): void;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    warmup?: { duration: number; connections?: number };
    requests?: Request[] | undefined;
    setupClient?: ((client: Client) => void) | undefined;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    warmup?: Result;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
