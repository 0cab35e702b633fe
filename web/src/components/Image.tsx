import { IMAGE_WIDTHS } from '../../../contract/catalog-constants.ts';
import { paths } from '../config/paths.ts';

interface ImageProps {
  /** an image file name as the API gives it (photo1, reviewDP1, …) */
  file: string;
  alt: string;
  /** the intrinsic size, so the browser reserves the box before the picture arrives */
  width: number;
  height: number;
  /** how wide the image is shown, e.g. "(max-width: 600px) 50vw, 240px" */
  sizes: string;
  /** above the fold: load now with high priority instead of lazily */
  priority?: boolean;
  className?: string;
}

/** A product picture in the widths the server keeps (IMAGE_WIDTHS), chosen by the browser. */
export function Image({ file, alt, width, height, sizes, priority = false, className }: ImageProps) {
  return (
    <img
      src={paths.image(file, 640)}
      srcSet={IMAGE_WIDTHS.map((w) => `${paths.image(file, w)} ${w}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}
