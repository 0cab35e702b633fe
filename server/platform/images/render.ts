import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS } from '../../../contract/catalogue-constants.ts';
import { tooLarge, unsupportedMediaType } from '../errors.ts';
import { type Lane, Semaphore } from './semaphore.ts';

/** The widths every image is stored and served in. */
export const WIDTHS = IMAGE_WIDTHS;
export type Width = (typeof WIDTHS)[number];
export const DEFAULT_WIDTH: Width = 640;

/** Product photos are portrait 3:4, like the demo art: a card can reserve its space before it loads. */
const heightFor = (width: number) => Math.round((width * 4) / 3);

const WEBP = { quality: 80 } as const;
// a decompression bomb stops here rather than filling the memory (about 8,000 x 6,000)
const MAX_INPUT_PIXELS = 50_000_000;
/** A shopper's photo: a 24-megapixel phone camera's full size (6,000 x 4,000) and no more. */
export const UPLOAD_MAX_PIXELS = 24_000_000;
export const TOO_MANY_PIXELS = `The photo is larger than ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels: send a smaller one`;
/**
 * A decode of a large photo takes tens of MB: two at a time, the rest wait their turn, so a burst of large
 * uploads costs the memory of two decodes rather than of the whole burst. Shoppers' review photos take
 * one of the two at most, and wait behind the shop's own photos.
 */
const decodes = new Semaphore(2, 1);
// sharp's strictest level, as its docs advise for untrusted input: a truncated or damaged image is refused
const FAIL_ON = 'warning';
/** What a shopper may upload: photos, never SVG, PDF or TIFF, whose decoders are larger attack surfaces. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
export const NOT_AN_IMAGE = 'The file is not an image we can read (use JPEG, PNG or WebP)';

/**
 * An uploaded or shop-owner image as WebP of the given width: turned upright from its EXIF
 * orientation, metadata (camera, GPS) stripped, never enlarged. `crop` fills the 3:4 frame.
 */
export function photoToWebp(
  input: Buffer,
  width: number,
  crop: boolean,
  { maxPixels = MAX_INPUT_PIXELS, lane = 'shop' }: { maxPixels?: number; lane?: Lane } = {},
): Promise<Buffer> {
  return decodes.run(async () => {
    try {
      // resized in the decode's own pipeline, so a JPEG or WebP shrinks on load (fastShrinkOnLoad)
      const image = sharp(input, { limitInputPixels: maxPixels, failOn: FAIL_ON }).rotate();
      const resized = crop
        ? image.resize(width, heightFor(width), { fit: 'cover', withoutEnlargement: true })
        : image.resize(width, undefined, { withoutEnlargement: true });
      return await resized.webp(WEBP).toBuffer();
    } catch {
      throw unsupportedMediaType(NOT_AN_IMAGE);
    }
  }, lane);
}

/**
 * A shopper's uploaded photo as WebP in each of `widths`, on the shoppers' lane, upright, metadata
 * stripped, never enlarged: decoded once, straight to the largest width (a JPEG or WebP shrinks on load,
 * so a 24-megapixel photo is decoded at a quarter or an eighth of its size), and each width made from
 * those pixels rather than from a decode of its own.
 */
export function reviewPhotoToWebp<W extends number>(
  input: Buffer,
  widths: readonly W[],
): Promise<{ width: W; data: Buffer }[]> {
  return decodes.run(async () => {
    try {
      const { data, info } = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: FAIL_ON })
        .rotate()
        .resize(Math.max(...widths), undefined, { withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      return await Promise.all(
        widths.map(async (width) => ({
          width,
          data: await sharp(data, { raw })
            .resize(width, undefined, { withoutEnlargement: true })
            .webp(WEBP)
            .toBuffer(),
        })),
      );
    } catch {
      throw unsupportedMediaType(NOT_AN_IMAGE);
    }
  }, 'shopper');
}

/** A stored image as PNG of the given width (PDF documents take PNG or JPEG, not WebP). */
export function photoToPng(input: Buffer, width: number): Promise<Buffer> {
  return decodes.run(() =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: FAIL_ON })
      .resize(width, undefined, { withoutEnlargement: true })
      .png()
      .toBuffer(),
  );
}

/** The header's format and size; nothing is decoded. */
async function headerOf(input: Buffer): Promise<Metadata | undefined> {
  try {
    return await sharp(input, { failOn: FAIL_ON }).metadata();
  } catch {
    return undefined;
  }
}

/**
 * From the header alone, before anything is decoded: 415 unless the bytes are a photo format we accept,
 * whatever the file is called; 413 over UPLOAD_MAX_PIXELS.
 */
export async function checkUploadedPhoto(input: Buffer): Promise<void> {
  const header = await headerOf(input);
  if (!header?.format || !PHOTO_FORMATS.has(header.format)) throw unsupportedMediaType(NOT_AN_IMAGE);
  if (header.width * header.height > UPLOAD_MAX_PIXELS) throw tooLarge(TOO_MANY_PIXELS);
}
