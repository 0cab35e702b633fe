import { type UnzipFileInfo, unzip } from 'fflate';
import { badRequest, tooLarge } from '../../platform/errors.ts';

// what one catalogue's zip may hold: enough for 500 products of 5 photos, not enough to exhaust memory
const MAX_PHOTOS = 2_500;
const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const MAX_TOTAL_BYTES = 400 * 1024 * 1024;

/** A file's name without its folders, or undefined for folders and the clutter archivers add. */
function photoName(path: string): string | undefined {
  if (path.endsWith('/') || path.startsWith('__MACOSX/')) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '' || name.startsWith('.') ? undefined : name;
}

/**
 * The photos of a zip that comes with a catalogue CSV, by file name (folders ignored). The sizes the zip
 * declares are checked before anything is inflated, and inflating runs off the event loop (fflate's
 * workers), so a large or hostile zip costs its own request only.
 */
export async function readPhotoZip(zip: Buffer): Promise<Map<string, Buffer>> {
  let total = 0;
  let count = 0;
  let oversized: string | undefined;
  const wanted = (file: UnzipFileInfo) => {
    if (photoName(file.name) === undefined) return false;
    count += 1;
    total += file.originalSize;
    if (file.originalSize > MAX_PHOTO_BYTES) oversized ??= file.name;
    return count <= MAX_PHOTOS && total <= MAX_TOTAL_BYTES && oversized === undefined;
  };
  const unreadable = badRequest('The photos file is not a readable zip');
  const files = await new Promise<Record<string, Uint8Array>>((resolve, reject) => {
    const bytes = new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength);
    try {
      // fflate finds a bad directory at once (a throw) and a bad entry later (the callback)
      unzip(bytes, { filter: wanted }, (error, data) => (error ? reject(unreadable) : resolve(data)));
    } catch {
      reject(unreadable);
    }
  });
  if (oversized !== undefined)
    throw tooLarge(
      `"${oversized.slice(0, 80)}" in the zip is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB`,
    );
  if (count > MAX_PHOTOS) throw tooLarge(`The zip holds more than ${MAX_PHOTOS} photos`);
  if (total > MAX_TOTAL_BYTES)
    throw tooLarge(`The zip's photos come to more than ${MAX_TOTAL_BYTES / 1024 / 1024} MB`);
  const photos = new Map<string, Buffer>();
  for (const [path, data] of Object.entries(files)) {
    const name = photoName(path);
    if (name === undefined) continue;
    if (photos.has(name)) throw badRequest(`The zip holds two files named "${name.slice(0, 80)}"`);
    photos.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  return photos;
}
