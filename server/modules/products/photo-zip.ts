import { fileURLToPath } from 'node:url';
import { AppError, badRequest } from '../../platform/errors.ts';
import { startWorker, type WorkerModule } from '../../platform/worker-script.ts';
import type { ZipOutcome } from './photo-zip-inflate.ts';

/** The thread that inflates a zip. */
export const PHOTO_ZIP_WORKER: WorkerModule = {
  source: fileURLToPath(new URL('./photo-zip-worker.ts', import.meta.url)),
  compiled: 'photo-zip-worker.cjs',
};

/** The zip's bytes as the thread can take them: moved when the Buffer owns all its memory, else copied. */
function movable(zip: Buffer): Uint8Array {
  const owns = zip.byteOffset === 0 && zip.byteLength === zip.buffer.byteLength;
  return owns ? new Uint8Array(zip.buffer, 0, zip.byteLength) : new Uint8Array(zip);
}

/**
 * The photos of a zip that comes with a catalogue CSV, by file name (folders ignored). The zip is
 * inflated on a thread of its own, within limits counted in the bytes it really inflates to
 * (photo-zip-inflate.ts), so a large or hostile zip costs its own request only, never the shop's.
 */
export async function readPhotoZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const bytes = movable(zip);
  const worker = await startWorker(PHOTO_ZIP_WORKER, {
    workerData: bytes,
    transferList: [bytes.buffer as ArrayBuffer],
  });
  let outcome: ZipOutcome;
  try {
    outcome = await new Promise<ZipOutcome>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the photos zip's thread stopped (code ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
  if (!outcome.ok) throw new AppError(outcome.status, outcome.message);
  const photos = new Map<string, Buffer>();
  for (const [name, data] of outcome.photos) {
    if (photos.has(name)) throw badRequest(`The zip holds two files named "${name.slice(0, 80)}"`);
    photos.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  return photos;
}
