import { onStatus, request, api as shared } from '../../../shared/api/client.ts';

/**
 * The back office's calls: the shared client (web/shared/api/client.ts) with the staff cookie. A 401
 * means no staff session (never signed in, signed out elsewhere, or 12 hours idle): every listener hears
 * it and the app shows the sign-in screen.
 */

export { ApiError } from '../../../shared/api/client.ts';

export const onSignedOut = (listener: () => void) => onStatus(401, listener);

export const api = {
  ...shared,
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  /** a document the server makes from a JSON body (labels, a manifest), as a file to open */
  postForFile: (path: string, body: unknown) => request<Blob>('POST', path, body, { file: true }),
};
