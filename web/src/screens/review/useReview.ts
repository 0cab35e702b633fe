import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  RATE_FIRST_MESSAGE,
  REVIEW_SAVED_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  UPLOADED_MESSAGE,
} from '../../../../contract/after-sale-constants.ts';
import type { PostReviewBody, ReviewPageResponse, UploadResponse } from '../../../../contract/reviews.ts';
import { ApiError, api } from '../../api/client.ts';
import { showAlert } from '../../components/Alert.tsx';
import { apiPaths, paths } from '../../config/paths.ts';

export type ReviewState =
  | { status: 'loading' }
  | { status: 'loggedOut' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'ready'; data: ReviewPageResponse };

export const CHOOSE_IMAGE_MESSAGE = 'Please choose an image to upload';

/**
 * GET /api/review/{prodId}, the photo upload and POST REVIEW (spec sections 2, 5 and 8). A 403 shows the
 * not-logged-in state; the server's refusals (4xx) are shown as it words them, anything else as the
 * spec's "Problem encountered!".
 */
export function useReview(prodId: string) {
  const navigate = useNavigate();
  const [state, setState] = useState<ReviewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` re-runs a failed load
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .get<ReviewPageResponse>(apiPaths.review(prodId), { signal: controller.signal })
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 403) {
          setState({ status: 'loggedOut' });
        } else if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ status: 'notFound' });
        } else if (error instanceof ApiError && error.status >= 500) {
          console.error('Error occured while loading review page');
          navigate(paths.error());
        } else {
          setState({ status: 'failed' });
        }
      });
    return () => controller.abort();
  }, [prodId, attempt, navigate]);

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403) setState({ status: 'loggedOut' });
    else if (error instanceof ApiError && error.status < 500) showAlert(error.message);
    else showAlert(UPLOAD_FAILED_MESSAGE);
  };

  /** The uploaded photo's file name, or undefined when nothing was uploaded. */
  const upload = async (data: ReviewPageResponse, file: File | undefined): Promise<string | undefined> => {
    if (!file) {
      showAlert(CHOOSE_IMAGE_MESSAGE);
      return undefined;
    }
    const form = new FormData();
    form.append('file', file);
    try {
      const answer = await api.post<UploadResponse>(apiPaths.upload(data.prod, prodId), form);
      showAlert(UPLOADED_MESSAGE);
      return answer.file;
    } catch (error) {
      fail(error);
      return undefined;
    }
  };

  const post = async (data: ReviewPageResponse, review: string, rating: number): Promise<void> => {
    if (rating < 1) {
      showAlert(RATE_FIRST_MESSAGE);
      return;
    }
    const body: PostReviewBody = { userReview: review, userRating: rating, prod: data.prod };
    try {
      await api.post(apiPaths.review(prodId), body);
    } catch (error) {
      fail(error);
      return;
    }
    showAlert(REVIEW_SAVED_MESSAGE);
    navigate(paths.orders());
  };

  return { state, retry: () => setAttempt((n) => n + 1), upload, post };
}
