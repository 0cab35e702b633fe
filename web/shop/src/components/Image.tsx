import { paths } from '../../../../contract/paths.ts';

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
  /** once the picture has loaded or failed */
  onSettled?: () => void;
}

/**
 * Starts a first visit's largest picture as soon as its name is known, so it downloads while the screen
 * renders; the <Image> with the same file and sizes then takes the preloaded answer.
 */
export function preloadImage(file: string, sizes: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.imageSrcset = paths.imageSrcSet(file);
  link.imageSizes = sizes;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** A product picture in the widths the server keeps (IMAGE_WIDTHS), chosen by the browser. */
export function Image({
  file,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  onSettled,
}: ImageProps) {
  return (
    <img
      src={paths.image(file, 640)}
      srcSet={paths.imageSrcSet(file)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
      onLoad={onSettled}
      onError={onSettled}
    />
  );
}
