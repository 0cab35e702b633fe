import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for MSG91's HTTP API: records every request and answers as told. */
export interface FakeMsg91 {
  url: string;
  received: ReceivedRequest[];
  /** the answer to the next requests (default: 200 {"type":"success"}) */
  answer: { status: number; body: string };
  /** the answer to a balance check, GET /api/balance.php (default: 200 and a balance of 1500 SMS) */
  balance: { status: number; body: string };
  /** how many requests came with each idempotency key (MSG91's CRQID) */
  sendsByKey(): Map<string, number>;
  close(): Promise<void>;
}

export const MSG91_SUCCESS = { status: 200, body: '{"message":"3463686c6c6f313233343536","type":"success"}' };

/** MSG91's answer to a balance check with an auth key it does not know */
export const MSG91_KEY_REFUSED = { status: 401, body: '{"msg":"Authentication failure","msgType":"error"}' };

export async function startFakeMsg91(): Promise<FakeMsg91> {
  const fake = {
    received: [] as ReceivedRequest[],
    answer: MSG91_SUCCESS,
    balance: { status: 200, body: '1500' },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test will see what was sent
      }
      fake.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const { status, body: answer } = req.url?.startsWith('/api/balance.php') ? fake.balance : fake.answer;
      res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    sendsByKey: () => {
      const counts = new Map<string, number>();
      for (const { body } of fake.received) {
        const key = (body as { CRQID?: unknown } | null)?.CRQID;
        if (typeof key === 'string') counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
