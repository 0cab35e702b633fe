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

export function svgToWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
}

/**
 * An uploaded or shop-owner image as WebP of the given width: turned upright from its EXIF
 * orientation, metadata (camera, GPS) stripped, never enlarged. `crop` fills the 3:4 frame.
 */
export async function photoToWebp(input: Buffer, width: number, crop: boolean): Promise<Buffer> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const resized = crop
      ? image.resize(width, heightFor(width), { fit: 'cover', withoutEnlargement: true })
      : image.resize(width, undefined, { withoutEnlargement: true });
    return await resized.webp(WEBP).toBuffer();
  } catch {
    throw unsupportedMediaType('The file is not an image we can read (use JPEG, PNG or WebP)');
  }
}
