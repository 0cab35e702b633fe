import { type FocusEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { srcSetOf } from '../../../../../contract/paths.ts';
import type { WindowSlide } from '../../../../../contract/shop-window.ts';
import { useMediaQuery } from '../../components/useMediaQuery.ts';
import { toneOf } from './tones.ts';

const INTERVAL_MS = 2000;

/** the slide's photo takes the right part of the slide, a little under half of it */
const PHOTO_SIZES = '(max-width: 500px) 40vw, (max-width: 1280px) 45vw, 560px';

/**
 * Auto-advancing slides, the owner's (spec: 2 s each). It stops while the pointer or focus is on it, when the
 * shopper presses pause, and does not start by itself for those who prefer reduced motion.
 */
export function Carousel({ slides, label }: { slides: WindowSlide[]; label: string }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(reducedMotion);
  const [engaged, setEngaged] = useState(false);
  const count = slides.length;
  const running = !paused && !engaged && count > 1;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running, count]);

  const go = (next: number) => setIndex((next + count) % count);
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setEngaged(false);
  };

  return (
    <section
      className={reducedMotion ? 'carousel is-still' : 'carousel'}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setEngaged(true)}
      onMouseLeave={() => setEngaged(false)}
      onFocus={() => setEngaged(true)}
      onBlur={onBlur}
    >
      <div className="carousel-track" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a labelled group
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the owner's order; two slides may lead to one place
            key={i}
            className={`slide ${toneOf(i)}${i === index ? ' is-current' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            inert={i !== index}
          >
            <Link to={slide.href} className="slide-link">
              <span className="slide-copy">
                <span className="slide-title">{slide.title}</span>
                {slide.text && <span className="slide-text">{slide.text}</span>}
                <span className="slide-cta">Shop now</span>
              </span>
              <span className="slide-art">
                <img
                  className="slide-photo"
                  src={`${slide.photoUrl}?w=640`}
                  srcSet={srcSetOf(slide.photoUrl)}
                  sizes={PHOTO_SIZES}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              </span>
            </Link>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-button"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? 'Play slides' : 'Pause slides'}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              {paused ? (
                <path d="M8 5v14l11-7z" fill="currentColor" />
              ) : (
                <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
              )}
            </svg>
          </button>
          <button
            type="button"
            className="carousel-button"
            onClick={() => go(index - 1)}
            aria-label="Previous slide"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="m15 5-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
          <div className="carousel-dots">
            {slides.map((slide, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: the owner's order; two slides may lead to one place
                key={i}
                type="button"
                className="carousel-dot"
                aria-label={`Slide ${i + 1}: ${slide.title}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel-button"
            onClick={() => go(index + 1)}
            aria-label="Next slide"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
