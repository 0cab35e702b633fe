import { api } from './client.ts';
import { apiPaths } from './paths.ts';

/** Uploads a photo (the server checks it by content and re-encodes it); answers the name to save it by. */
export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<{ photo: string }>(apiPaths.photos(), form)).photo;
}
