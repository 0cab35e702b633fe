import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../../contract/products.ts';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test/app.ts';
import { expectAnsweredMeanwhile, probedWhile } from '../../test/health-probe.ts';
import { TestClient } from '../../test/http.ts';
import { inflatePhotoZip } from './photo-zip-inflate.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const MiB = 1024 * 1024;

/** Sets the uncompressed size every header of the zip declares for its entries, as a bomb's maker would. */
function declareSizes(zip: Uint8Array, size: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + 4 <= zip.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    else if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return zip;
}

/** Entries of zeros just under the limit for a photo, then one that inflates to 64 MB; every entry declares 1,000 bytes. */
function zipBomb(): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const photo = new Uint8Array(14 * MiB);
  for (let i = 1; i <= 4; i++) files[`shoot/${i}.jpg`] = photo;
  files['shoot/bomb.jpg'] = new Uint8Array(64 * MiB);
  return declareSizes(zipSync(files, { level: 1 }), 1000);
}

// the database plays no part in reading a zip: one engine is enough
describe('a catalogue import with a zip of photos', () => {
  let testApp: TestApp;
  let bomb: Uint8Array;

  beforeAll(async () => {
    bomb = zipBomb();
    testApp = await startTestApp('pglite');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('counts the bytes an entry really inflates to, not those it declares, and stops at the first over', () => {
    expect(bomb.length).toBeLessThan(MiB);
    expect(inflatePhotoZip(bomb)).toEqual({
      ok: false,
      status: 413,
      message: '"shoot/bomb.jpg" in the zip is larger than 15 MB',
    });
    const small = declareSizes(
      zipSync({ 'a/front.jpg': new Uint8Array([1, 2, 3]), '__MACOSX/x': new Uint8Array(1) }),
      9,
    );
    expect(inflatePhotoZip(small)).toEqual({ ok: true, photos: [['front.jpg', new Uint8Array([1, 2, 3])]] });
  });

  it('refuses a zip bomb in a dry run with 413, inflating it off the thread that answers /healthz', async ({
    annotate,
  }) => {
    const body = new FormData();
    body.append('file', new Blob([CSV_COLUMNS.join(',')], { type: 'text/csv' }), 'catalogue.csv');
    body.append('photos', new Blob([new Uint8Array(bomb)], { type: 'application/zip' }), 'photos.zip');
    const admin = new TestClient(testApp.baseUrl);
    const { answer, health } = await probedWhile(
      testApp.baseUrl,
      admin.post<{ error: string }>('/admin/api/catalogue/import?mode=dry-run', body, BEARER),
    );
    expect(answer).toMatchObject({
      status: 413,
      body: { error: '"shoot/bomb.jpg" in the zip is larger than 15 MB' },
    });
    await expectAnsweredMeanwhile(health, annotate);
  }, 60_000);
});
