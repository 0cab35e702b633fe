import type { ReactNode } from 'react';
import type { RatingCount } from '../../../../../contract/catalogue.ts';

const STARS = [5, 4, 3, 2, 1];

interface Props {
  rating: RatingCount[];
  /** the Write a review button, when the shopper may write one */
  children?: ReactNode;
}

/** A bar per star, 5 down to 1, with the counts as text. */
export function Ratings({ rating, children }: Props) {
  const counts = STARS.map((star) => ({
    star,
    count: rating.find((r) => r.rating === star)?.ratingCount ?? 0,
  }));
  const total = counts.reduce((sum, r) => sum + r.count, 0);
  const average = total ? counts.reduce((sum, r) => sum + r.star * r.count, 0) / total : 0;
  const most = Math.max(1, ...counts.map((r) => r.count));
  return (
    <section className="product-section ratings" aria-labelledby="ratings-title">
      <h2 id="ratings-title" className="product-section-title">
        RATINGS
      </h2>
      <div className="ratings-body">
        <p className="ratings-average">
          {total ? (
            <>
              <span className="ratings-score">{average.toFixed(1)}</span>
              <span aria-hidden="true" className="ratings-star">
                ★
              </span>
              <span className="visually-hidden"> out of 5</span>
              <span className="ratings-total">
                {total.toLocaleString('en-IN')} {total === 1 ? 'rating' : 'ratings'}
              </span>
            </>
          ) : (
            <span className="ratings-total">No ratings yet</span>
          )}
        </p>
        <ul className="histogram">
          {counts.map(({ star, count }) => (
            <li key={star}>
              <span className="histogram-star">
                {star} <span aria-hidden="true">★</span>
                <span className="visually-hidden">{star === 1 ? 'star' : 'stars'}:</span>
              </span>
              <span className="histogram-bar" aria-hidden="true">
                <span style={{ width: `${(count / most) * 100}%` }} />
              </span>
              <span className="histogram-count">
                {count.toLocaleString('en-IN')}
                <span className="visually-hidden"> {count === 1 ? 'rating' : 'ratings'}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      {children}
    </section>
  );
}
