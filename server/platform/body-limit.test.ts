import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../test/app.ts';
import { type FixtureProduct, Fixtures } from '../test/fixtures.ts';
import { TestClient } from '../test/http.ts';
import { BROWSER_COOKIE } from './csrf.ts';
import { SESSION_COOKIE } from './sessions.ts';

const MiB = 1024 * 1024;
const SLICE = 64 * 1024;
const TOO_LARGE = { error: 'Request body is too large' };
const HUGE_FIELD = `${' '.repeat(120_000)}!`;
const LONG_FIELD = `A${' '.repeat(10_000)}!`;
const PROFILE = { fname: 'Rina', lname: 'Sen' };
const SIGN_UP = { phone: '9876501234', mail: 'rina@example.com', fname: 'Rina', lname: 'Sen' };
const LOGIN_KEY = { key: 'login' };
const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

interface RawAnswer {
  status: number;
  body: string;
}

/** Reads one HTTP answer (its length declared) off the socket; fails if the socket breaks first. */
function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      const body = received.subarray(end + 4);
      if (body.length < length) return;
      resolve({ status: Number(head.split(' ')[1]), body: body.toString('utf8') });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('the connection closed before the answer was read')));
  });
}

const write = (socket: Socket, data: string | Buffer) =>
  new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));

/** Sends every byte of the body, declared by Content-Length or chunked, whatever the server answers meanwhile. */
async function sendAll(socket: Socket, head: string, body: Buffer, chunked: boolean): Promise<void> {
  const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`;
  await write(socket, `${head}${framing}\r\n\r\n`);
  for (let at = 0; at < body.length; at += SLICE) {
    const slice = body.subarray(at, at + SLICE);
    await write(
      socket,
      chunked
        ? Buffer.concat([Buffer.from(`${slice.length.toString(16)}\r\n`), slice, Buffer.from('\r\n')])
        : slice,
    );
  }
  if (chunked) await write(socket, '0\r\n\r\n');
}

/** A POST over a raw socket, as a browser sends one: the whole body, and the answer read in full. */
async function rawPost(app: TestApp, head: string, body: Buffer, chunked: boolean): Promise<RawAnswer> {
  const url = new URL(app.baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  try {
    const [answer] = await Promise.all([readAnswer(socket), sendAll(socket, head, body, chunked)]);
    return answer;
  } finally {
    socket.destroy();
  }
}

/** The request line and the headers of a shopper's POST, up to the body's framing. */
function headOf(client: TestClient, path: string, contentType: string): string {
  const cookies = [BROWSER_COOKIE, SESSION_COOKIE].map((name) => `${name}=${client.cookie(name) ?? ''}`);
  return [
    `POST ${path} HTTP/1.1`,
    'host: localhost',
    `content-type: ${contentType}`,
    `cookie: ${cookies.join('; ')}`,
    `x-csrf-token: ${client.csrfToken}`,
    '',
  ].join('\r\n');
}

// the database plays no part in body limits: one engine is enough
describe('body limits', () => {
  let testApp: TestApp;
  let fixtures: Fixtures;
  let shopper: TestClient;
  let kurta: FixtureProduct;

  beforeAll(async () => {
    testApp = await startTestApp('pglite');
    fixtures = new Fixtures(testApp.db);
    kurta = await fixtures.product({ name: 'Body limit kurta' });
    shopper = await testApp.client();
    await fixtures.logIn(shopper, await fixtures.customer());
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses a 120,000-space name or address field with 413 on the routes that take a few short fields', async () => {
    for (const field of ['fname', 'lname', 'city', 'houseNo']) {
      const res = await shopper.post('/editProfile', { ...PROFILE, [field]: HUGE_FIELD });
      expect(res, field).toMatchObject({ status: 413, body: TOO_LARGE });
    }
    const signUp = await shopper.post('/api/signUp', { ...SIGN_UP, fname: HUGE_FIELD }, LOGIN_KEY);
    expect(signUp).toMatchObject({ status: 413, body: TOO_LARGE });
  });

  it('names a long field that fits in the body by its length, never trying its pattern', async () => {
    for (const field of ['fname', 'city']) {
      const res = await shopper.post('/editProfile', { ...PROFILE, [field]: LONG_FIELD });
      expect(res, field).toMatchObject({
        status: 400,
        body: { error: `${field} must not have more than 50 characters` },
      });
    }
    const signUp = await shopper.post('/api/signUp', { ...SIGN_UP, lname: LONG_FIELD }, LOGIN_KEY);
    expect(signUp).toMatchObject({
      status: 400,
      body: { error: 'lname must not have more than 50 characters' },
    });
  });

  it("refuses a listing's body of 500,000 numbers (1 MB) with 413, unread, and still answers a listing", async () => {
    const flood = Buffer.from(JSON.stringify({ page: 1, sort: 0, pad: new Array(500_000).fill(0) }));
    expect(flood.length).toBeGreaterThanOrEqual(1_000_000);
    const answer = await rawPost(
      testApp,
      headOf(shopper, '/api/item/Women/Kurti', 'application/json'),
      flood,
      false,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    const listing = await shopper.post<{ noOfEntries: number }>('/api/item/Women/Kurti', {
      page: 1,
      sort: 0,
    });
    expect(listing.status).toBe(200);
    expect(listing.body.noOfEntries).toBeGreaterThan(0);
  });

  it("keeps room for a product's 5,000-character description in any script, and for the shop's policies", async () => {
    const owner = new TestClient(testApp.baseUrl);
    const description = 'सूती कुर्ता, हाथ से छपा। '.repeat(250).slice(0, 5000);
    // an incomplete product, read in full and refused for its fields (how is the products module's
    // business), not for its size
    const product = { name: 'Kurta', prod: 'apparel', description, price: -1 };
    const edited = await owner.put(`/admin/api/products/${kurta.id}`, product, BEARER);
    expect(edited.status).not.toBe(413);
    const policy = 'ধন্যবাদ। '.repeat(5000).slice(0, 40_000);
    const shop = await owner.put<{ policies: { terms: string } }>(
      '/admin/api/shop',
      { policies: { terms: policy, privacy: policy } },
      BEARER,
    );
    expect(shop.status).toBe(200);
    expect(shop.body.policies.terms).toBe(policy);
  });

  it('answers 413 JSON to an 11 MiB profile every time, while the client is still sending', async () => {
    const body = Buffer.from(JSON.stringify({ ...PROFILE, city: ' '.repeat(11 * MiB) }));
    const head = headOf(shopper, '/editProfile', 'application/json');
    for (const chunked of [false, true]) {
      for (let round = 0; round < 10; round++) {
        const answer = await rawPost(testApp, head, body, chunked);
        expect(answer.status, `chunked ${chunked}, round ${round}`).toBe(413);
        expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
      }
    }
  });

  const BOUNDARY = 'haat-test-boundary';
  /** a form whose one file, in `field`, is 11 MiB */
  const bigForm = (field: string) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"; filename="big.jpg"\r\n` +
          'content-type: image/jpeg\r\n\r\n',
      ),
      Buffer.alloc(11 * MiB, 0xff),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
  const uploadHead = () =>
    headOf(shopper, `/upload/apparel/${kurta.id}`, `multipart/form-data; boundary=${BOUNDARY}`);

  it('answers 413 JSON to an 11 MiB photo every time, while the client is still sending', async () => {
    const body = bigForm('file');
    for (const chunked of [false, true]) {
      for (let round = 0; round < 10; round++) {
        const answer = await rawPost(testApp, uploadHead(), body, chunked);
        expect(answer.status, `chunked ${chunked}, round ${round}`).toBe(413);
        expect(JSON.parse(answer.body)).toEqual({ error: 'The photo is larger than 10 MB' });
      }
    }
  });

  it('answers 400 JSON to an 11 MiB file in the wrong field, which nothing reads', async () => {
    const body = bigForm('photo');
    for (const chunked of [false, true]) {
      const answer = await rawPost(testApp, uploadHead(), body, chunked);
      expect(answer.status, `chunked ${chunked}`).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Send one image file, in the field "file"' });
    }
  });
});
