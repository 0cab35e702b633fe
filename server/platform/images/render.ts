import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../contract/catalog-constants.ts';
import { unsupportedMediaType } from '../errors.ts';

/** The widths every image is stored and served in. */
export const WIDTHS = IMAGE_WIDTHS;
export type Width = (typeof WIDTHS)[number];
export const DEFAULT_WIDTH: Width = 640;

/** Product photos are portrait 3:4, like the demo art: a card can reserve its space before it loads. */
const heightFor = (width: number) => Math.round((width * 4) / 3);

const WEBP = { quality: 80 } as const;
// a decompression bomb stops here rather than filling the memory (about 8,000 x 6,000)
const MAX_INPUT_PIXELS = 50_000_000;
// sharp's strictest level, as its docs advise for untrusted input: a truncated or damaged image is refused
const FAIL_ON = 'warning';
/** What a shopper may upload: photos, never SVG, PDF or TIFF, whose decoders are larger attack surfaces. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const NOT_AN_IMAGE = 'The file is not an image we can read (use JPEG, PNG or WebP)';

export function svgToWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
}

/**
 * An uploaded or shop-owner image as WebP of the given width: turned upright from its EXIF
 * orientation, metadata (camera, GPS) stripped, never enlarged. `crop` fills the 3:4 frame.
 */
export async function photoToWebp(input: Buffer, width: number, crop: boolean): Promise<Buffer> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: FAIL_ON }).rotate();
    const resized = crop
      ? image.resize(width, heightFor(width), { fit: 'cover', withoutEnlargement: true })
      : image.resize(width, undefined, { withoutEnlargement: true });
    return await resized.webp(WEBP).toBuffer();
  } catch {
    throw unsupportedMediaType(NOT_AN_IMAGE);
  }
}

async function formatOf(input: Buffer): Promise<string | undefined> {
  try {
    return (await sharp(input, { failOn: FAIL_ON }).metadata()).format;
  } catch {
    return undefined;
  }
}

/** 415 unless the bytes are a photo format we accept, whatever the file is called. */
export async function checkPhotoFormat(input: Buffer): Promise<void> {
  const format = await formatOf(input);
  if (!format || !PHOTO_FORMATS.has(format)) throw unsupportedMediaType(NOT_AN_IMAGE);
}
