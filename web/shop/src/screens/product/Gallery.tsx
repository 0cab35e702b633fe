import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { GALLERY_SIZES } from '../../../../../contract/catalogue-constants.ts';
import { Image } from '../../components/Image.tsx';

interface Props {
  photos: string[];
  name: string;
}

const SWIPE_PX = 40;

/** Up to five photos; moves only when the shopper asks (buttons, thumbnails, arrow keys, swipe). */
export function Gallery({ photos, name }: Props) {
  const [index, setIndex] = useState(0);
  // the thumbnails wait for the first photo, the page's largest picture, rather than share its bandwidth
  const [firstShown, setFirstShown] = useState(false);
  const swipeStart = useRef<number | undefined>(undefined);
  const count = photos.length;
  const current = photos[index] ?? photos[0];
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = undefined;
    if (start === undefined || Math.abs(event.clientX - start) < SWIPE_PX) return;
    go(event.clientX < start ? 1 : -1);
  };

  if (!current) return null;
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={`Photos of ${name}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and swipes on the photo; the buttons do the same */}
      <div
        className="gallery-stage"
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
      >
        <Image
          key={current}
          file={current}
          alt={count > 1 ? `${name}, photo ${index + 1} of ${count}` : name}
          width={960}
          height={1280}
          sizes={GALLERY_SIZES}
          priority={index === 0}
          onSettled={() => setFirstShown(true)}
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="round-button gallery-step prev"
              aria-label="Previous photo"
              onClick={() => go(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="round-button gallery-step next"
              aria-label="Next photo"
              onClick={() => go(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery-thumbs">
          {photos.map((file, i) => (
            <li key={file}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              >
                {firstShown ? (
                  <Image file={file} alt="" width={960} height={1280} sizes="80px" />
                ) : (
                  <span className="gallery-thumb-wait" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {count > 1 ? `Photo ${index + 1} of ${count}` : ''}
      </p>
    </section>
  );
}
