import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { badRequest, notFound } from '../errors.ts';
import {
  checkUploadedPhoto,
  photoToPng,
  photoToWebp,
  reviewPhotoToWebp,
  UPLOAD_MAX_PIXELS,
  WIDTHS,
  type Width,
} from './render.ts';

/** A variant on disk, ready to send. */
export interface StoredImage {
  path: string;
  size: number;
  modified: number;
}

export type ImageFolder = 'images' | 'reviewimages' | 'logos';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
// what a shop owner may drop into images/originals for a photo named {stem}.webp
const ORIGINAL_TYPES = ['webp', 'jpg', 'jpeg', 'png'];
/** where the seed draws the demo catalogue's photos, under the data directory (server/demo/photos.ts) */
export const DEMO_PHOTOS = 'demo-photos';
const DEMO_TYPES = ['svg'];

/** A name is one plain file name ending in .webp: no folders, no "..". */
function checkName(file: string): void {
  if (!SAFE_NAME.test(file) || file.includes('..')) throw badRequest(`Bad image name: ${file.slice(0, 60)}`);
  if (!file.endsWith('.webp')) throw notFound(`Image not found: ${file}`);
}

const variantPath = (dataDir: string, folder: ImageFolder, width: Width, file: string) =>
  join(dataDir, folder, String(width), file);

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function storedAt(path: string): Promise<StoredImage | undefined> {
  try {
    const info = await stat(path);
    return { path, size: info.size, modified: info.mtimeMs };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** write beside, then rename: a reader never sees half a file, and two writers never mix */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

async function readOriginal(dir: string, file: string, types: string[]): Promise<Buffer | undefined> {
  const stem = file.slice(0, -'.webp'.length);
  for (const type of types) {
    try {
      return await readFile(join(dir, `${stem}.${type}`));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return undefined;
}

/**
 * Product and review photos as stored WebP variants under the data directory. A missing variant is
 * made once, on its first request, from the shop owner's original or else from the seed's drawing.
 */
export class Images {
  private readonly pending = new Map<string, Promise<StoredImage | undefined>>();

  constructor(private readonly dataDir: string) {}

  product(file: string, width: Width): Promise<StoredImage> {
    return this.variant('images', file, width, async () => {
      const original =
        (await readOriginal(join(this.dataDir, 'images', 'originals'), file, ORIGINAL_TYPES)) ??
        (await readOriginal(join(this.dataDir, DEMO_PHOTOS, 'images'), file, DEMO_TYPES));
      return original && photoToWebp(original, width, true);
    });
  }

  /** The shop's logo: the owner's upload at `width`, never cropped (a wordmark is seldom 3:4). */
  logo(file: string, width: Width): Promise<StoredImage> {
    return this.variant('logos', file, width, async () => {
      const original = await readOriginal(join(this.dataDir, 'images', 'originals'), file, ORIGINAL_TYPES);
      return original && photoToWebp(original, width, false);
    });
  }

  review(file: string, width: Width): Promise<StoredImage> {
    return this.variant('reviewimages', file, width, async () => {
      const drawn = await readOriginal(join(this.dataDir, DEMO_PHOTOS, 'reviewimages'), file, DEMO_TYPES);
      return drawn && photoToWebp(drawn, width, false, { lane: 'shopper' });
    });
  }

  private async variant(
    folder: ImageFolder,
    file: string,
    width: Width,
    make: () => Promise<Buffer | undefined>,
  ): Promise<StoredImage> {
    checkName(file);
    const path = variantPath(this.dataDir, folder, width, file);
    const found = (await storedAt(path)) ?? (await this.makeOnce(path, make));
    if (!found) throw notFound(`Image not found: ${file}`);
    return found;
  }

  /** concurrent requests for one missing variant share one rendering */
  private makeOnce(path: string, make: () => Promise<Buffer | undefined>): Promise<StoredImage | undefined> {
    const running = this.pending.get(path);
    if (running) return running;
    const job = (async () => {
      const data = await make();
      if (!data) return undefined;
      await writeAtomically(path, data);
      return storedAt(path);
    })().finally(() => this.pending.delete(path));
    this.pending.set(path, job);
    return job;
  }
}

/**
 * Stores a shopper's uploaded photo (the file's bytes) as the review image `file`, in every width,
 * upright and without its metadata. Not a whole photo (JPEG, PNG, WebP, GIF, AVIF/HEIF): 415.
 */
export async function storeReviewImage(dataDir: string, file: string, input: Buffer): Promise<void> {
  checkName(file);
  await checkUploadedPhoto(input);
  // every width is made before any is written, so a bad file leaves nothing behind
  const variants = await reviewPhotoToWebp(input, WIDTHS);
  await Promise.all(
    variants.map(({ width, data }) =>
      writeAtomically(variantPath(dataDir, 'reviewimages', width, file), data),
    ),
  );
}

/** Deletes every width of a review photo (one the shopper replaced): it is no longer served. */
export async function removeReviewImage(dataDir: string, file: string): Promise<void> {
  checkName(file);
  await Promise.all(
    WIDTHS.map((width) => rm(variantPath(dataDir, 'reviewimages', width, file), { force: true })),
  );
}

/**
 * Deletes every served width of these photos of `folder` (product or review photos whose rows were
 * removed): they are no longer served. Each width's folder is listed once rather than each name tried.
 */
export async function removeImages(
  dataDir: string,
  folder: ImageFolder,
  files: ReadonlySet<string>,
): Promise<void> {
  await Promise.all(
    WIDTHS.map(async (width) => {
      const dir = join(dataDir, folder, String(width));
      const present = await readdir(dir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      await Promise.all(
        present.filter((file) => files.has(file)).map((file) => rm(join(dir, file), { force: true })),
      );
    }),
  );
}

/** Deletes the demo's drawings (the folder, or a link to it: never what a link points at). */
export async function removeDemoDrawings(dataDir: string): Promise<void> {
  await rm(join(dataDir, DEMO_PHOTOS), { recursive: true, force: true });
}

/** An owner's upload is kept this wide at most: every served width is made from it. */
const ORIGINAL_MAX_WIDTH = 1920;

/** A new unique name for a shop owner's original, `{stem}.webp`. */
export const newProductOriginalName = () => `p-${randomUUID()}.webp`;

/**
 * Stores a shop owner's uploaded product photo as an original under a new unique name, checked by
 * content and re-encoded (upright, metadata stripped) like a review photo; answers its name (`file`, or a new one).
 */
export async function storeProductOriginal(
  dataDir: string,
  input: Buffer,
  file = newProductOriginalName(),
): Promise<string> {
  await checkUploadedPhoto(input);
  const data = await photoToWebp(input, ORIGINAL_MAX_WIDTH, false, { maxPixels: UPLOAD_MAX_PIXELS });
  await writeAtomically(join(dataDir, 'images', 'originals', file), data);
  return file;
}

/** An uploaded original as PNG `width` points wide (for a PDF), or undefined when there is none. */
export async function originalAsPng(
  dataDir: string,
  file: string,
  width: number,
): Promise<Buffer | undefined> {
  if (!SAFE_NAME.test(file) || !file.endsWith('.webp')) return undefined;
  const original = await readOriginal(join(dataDir, 'images', 'originals'), file, ORIGINAL_TYPES);
  return original && photoToPng(original, width);
}

/** Whether an uploaded original named `file` (`{stem}.webp`) exists. */
export async function productOriginalExists(dataDir: string, file: string): Promise<boolean> {
  if (!SAFE_NAME.test(file) || !file.endsWith('.webp')) return false;
  return (await storedAt(join(dataDir, 'images', 'originals', file))) !== undefined;
}
