import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminReview, AdminReviewsResponse } from '../../../../../contract/admin.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { Loading } from '../../components/Loading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatWhen } from '../../lib/format.ts';

/** The latest reviews with their photos; "Hide" takes one off the product page and its rating, "Show" back. */
export function ReviewsScreen() {
  usePageTitle('Reviews');
  const [search] = useSearchParams();
  const asked = { before: search.get('before') ?? '' };
  const url = `${apiPaths.reviews()}${query(asked)}`;
  const request = useCallback(
    (signal?: AbortSignal) => api.get<AdminReviewsResponse>(url, { signal }),
    [url],
  );
  const { state, retry, update } = useLoad(request, 'Loading the reviews failed');

  const toggle = async (review: AdminReview) => {
    try {
      const changed = await api.post<AdminReview>(
        review.hidden ? apiPaths.showReview(review.id) : apiPaths.hideReview(review.id),
      );
      update((data) => ({ ...data, reviews: data.reviews.map((r) => (r.id === changed.id ? changed : r)) }));
      showAlert(
        `${changed.hidden ? 'Hidden' : 'Shown'}: ${review.customerName}’s review of ${review.productName}`,
      );
    } catch (error) {
      alertFailure(error, 'Hiding or showing a review failed');
    }
  };

  return (
    <>
      <h1 className="admin-title">Reviews</h1>
      <Loading state={state} onRetry={retry}>
        {({ reviews, next }) => (
          <>
            {reviews.length === 0 ? (
              <p className="admin-empty">No reviews yet.</p>
            ) : (
              <ul className="admin-cards admin-wide-cards">
                {reviews.map((review) => (
                  <li
                    key={review.id}
                    className="admin-card"
                    aria-label={`${review.customerName} on ${review.productName}`}
                  >
                    <h2>{review.productName}</h2>
                    <p>
                      {review.customerName}, {formatWhen(review.createdAt)}
                      {review.rating !== null && `: ${review.rating} of 5 stars`}
                      {review.hidden && <span className="admin-status"> Hidden</span>}
                    </p>
                    {review.text && <p>{review.text}</p>}
                    {review.photo && (
                      <div className="admin-photos">
                        <img
                          src={review.photo}
                          alt={`${review.productName}, from ${review.customerName}’s review`}
                        />
                      </div>
                    )}
                    <div className="admin-actions">
                      <button type="button" className="button" onClick={() => toggle(review)}>
                        {review.hidden ? 'Show' : 'Hide'}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Pager path={paths.reviews()} asked={asked} next={next} what="reviews" />
          </>
        )}
      </Loading>
    </>
  );
}
