import { Unzip, UnzipInflate } from 'fflate';

// what one catalogue's zip may hold: enough for 500 products of 5 photos, not enough to exhaust memory
export const MAX_PHOTOS = 2_500;
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 400 * 1024 * 1024;

/**
 * How much of the zip is handed to the inflater at once: deflate makes at most ~1,032 bytes of one, so
 * a bomb's entry is caught within about 16 MB of its limit.
 */
const CHUNK_BYTES = 16 * 1024;

/** What the zip's thread answers: every photo's name (folders left out) and bytes, or why the zip is refused (400 or 413). */
export type ZipOutcome =
  | { ok: true; photos: Array<[name: string, data: Uint8Array]> }
  | { ok: false; status: 400 | 413; message: string };

const UNREADABLE: ZipOutcome = { ok: false, status: 400, message: 'The photos file is not a readable zip' };

/** A file's name without its folders, or undefined for folders and the clutter archivers add. */
export function photoName(path: string): string | undefined {
  if (path.endsWith('/') || path.startsWith('__MACOSX/')) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '' || name.startsWith('.') ? undefined : name;
}

/** Whether the zip ends with its central directory's record (its signature in the last 64 KB and 22 bytes). */
function endsLikeAZip(zip: Uint8Array): boolean {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 65_557); at--) {
    if (zip[at] === 0x50 && zip[at + 1] === 0x4b && zip[at + 2] === 5 && zip[at + 3] === 6) return true;
  }
  return false;
}

interface Entry {
  name: string;
  parts: Uint8Array[];
  size: number;
  done: boolean;
}

/**
 * Inflates the photos of a catalogue's zip as a stream, counting the bytes each entry really inflates to
 * (the sizes a zip declares can lie), and stops at the first entry that takes the zip over a limit:
 * a zip bomb costs the inflating of one limit's worth, never the whole of what it expands to.
 */
export function inflatePhotoZip(zip: Uint8Array): ZipOutcome {
  if (!endsLikeAZip(zip)) return UNREADABLE;
  const entries: Entry[] = [];
  let total = 0;
  let refusal: ZipOutcome | undefined;
  const unzip = new Unzip((file) => {
    const name = photoName(file.name);
    if (refusal !== undefined || name === undefined) return;
    if (entries.length === MAX_PHOTOS) {
      refusal = { ok: false, status: 413, message: `The zip holds more than ${MAX_PHOTOS} photos` };
      return;
    }
    const entry: Entry = { name, parts: [], size: 0, done: false };
    entries.push(entry);
    file.ondata = (error, data, final) => {
      if (refusal !== undefined) return;
      if (error) {
        refusal = UNREADABLE;
        return;
      }
      entry.size += data.length;
      total += data.length;
      if (entry.size > MAX_PHOTO_BYTES) {
        const message = `"${file.name.slice(0, 80)}" in the zip is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB`;
        refusal = { ok: false, status: 413, message };
      } else if (total > MAX_TOTAL_BYTES) {
        const message = `The zip's photos come to more than ${MAX_TOTAL_BYTES / 1024 / 1024} MB`;
        refusal = { ok: false, status: 413, message };
      } else {
        entry.parts.push(data);
        entry.done = final;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length && refusal === undefined; at += CHUNK_BYTES) {
      unzip.push(zip.subarray(at, at + CHUNK_BYTES), at + CHUNK_BYTES >= zip.length);
    }
  } catch {
    // a damaged header, or a method other than stored and deflate
    return UNREADABLE;
  }
  if (refusal !== undefined) return refusal;
  if (entries.some((entry) => !entry.done)) return UNREADABLE;
  return { ok: true, photos: entries.map((entry) => [entry.name, join(entry)]) };
}

function join({ parts, size }: Entry): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const whole = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
