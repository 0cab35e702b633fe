import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import {
  RATE_FIRST_MESSAGE,
  REVIEW_SAVED_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  UPLOADED_MESSAGE,
} from '../../../../../contract/after-sale-constants.ts';
import type { FitAnswer } from '../../../../../contract/fit-returns-constants.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import type { PostReviewBody, ReviewPageResponse } from '../../../../../contract/reviews.ts';
import { api } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { uploadPhoto } from '../../api/photos.ts';
import { useLoad, withNotFound } from '../../api/useLoad.ts';

export const CHOOSE_IMAGE_MESSAGE = 'Please choose an image to upload';

/**
 * GET /api/review/{prodId}, the photo upload and POST REVIEW (spec sections 2, 5 and 8). A 403 shows the
 * not-logged-in state; the server's refusals (4xx) are shown as it words them, anything else as the
 * spec's "Problem encountered!".
 */
export function useReview(prodId: string) {
  const navigate = useNavigate();
  const request = useCallback(
    (signal?: AbortSignal) => api.get<ReviewPageResponse>(apiPaths.review(prodId), { signal }),
    [prodId],
  );
  const loaded = useLoad(request, 'Error occurred while loading review page');
  const state = withNotFound(loaded.state);

  /** The uploaded photo's file name, or undefined when nothing was uploaded. */
  const upload = async (data: ReviewPageResponse, file: File | undefined): Promise<string | undefined> => {
    if (!file) {
      showAlert(CHOOSE_IMAGE_MESSAGE);
      return undefined;
    }
    try {
      const uploaded = await uploadPhoto(data.prod, prodId, file);
      showAlert(UPLOADED_MESSAGE);
      return uploaded;
    } catch (error) {
      loaded.alertFailure(error, UPLOAD_FAILED_MESSAGE);
      return undefined;
    }
  };

  const post = async (
    data: ReviewPageResponse,
    review: string,
    rating: number,
    fit: FitAnswer | undefined,
  ): Promise<void> => {
    if (rating < 1) {
      showAlert(RATE_FIRST_MESSAGE);
      return;
    }
    const body: PostReviewBody = { userReview: review, userRating: rating, prod: data.prod, fit };
    try {
      await api.post(apiPaths.review(prodId), body);
    } catch (error) {
      loaded.alertFailure(error, UPLOAD_FAILED_MESSAGE);
      return;
    }
    showAlert(REVIEW_SAVED_MESSAGE);
    navigate(paths.orders());
  };

  return { state, retry: loaded.retry, upload, post };
}
