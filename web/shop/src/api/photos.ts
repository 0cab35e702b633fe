import type { Prod } from '../../../../contract/catalogue.ts';
import { apiPaths } from '../../../../contract/paths.ts';
import type { UploadResponse } from '../../../../contract/reviews.ts';
import { api } from '../../../shared/api/client.ts';

/**
 * Sends the shopper's photo of a product (POST /upload/{prod}/{prodId}: the review photo rules) and
 * answers the stored file's name, for a review or a return. Throws as api.post does.
 */
export async function uploadPhoto(prod: Prod, prodId: string | number, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.post<UploadResponse>(apiPaths.upload(prod, String(prodId)), form);
  return answer.file;
}
