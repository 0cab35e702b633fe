import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, tooLarge, unsupportedMediaType } from './errors.ts';

// @fastify/multipart's limit errors
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/**
 * The back office's uploads (a route registered with @fastify/multipart): the form's files as bytes, by
 * field: each field of `limits` at most once and at most its size, and `required` always; whatever goes
 * wrong reading them is a clear 4xx.
 */
export async function formFiles(
  request: FastifyRequest,
  limits: Record<string, number>,
  required: string,
): Promise<Map<string, Buffer>> {
  const optional = Object.keys(limits).filter((name) => name !== required);
  const extra = optional.map((name) => `, and may send "${name}"`).join('');
  const usage = `Send one file as multipart/form-data, in the field "${required}"${extra}`;
  if (!request.isMultipart()) throw unsupportedMediaType(usage);
  try {
    const files = new Map<string, Buffer>();
    for await (const part of request.parts({ limits: { fileSize: Math.max(...Object.values(limits)) } })) {
      if (part.type !== 'file') continue;
      const limit = limits[part.fieldname];
      if (limit === undefined || files.has(part.fieldname)) throw badRequest(usage);
      const file = await part.toBuffer();
      if (part.file.truncated || file.length > limit)
        throw tooLarge(`The file "${part.fieldname}" is larger than ${megabytes(limit)}`);
      files.set(part.fieldname, file);
    }
    if (!files.has(required)) throw badRequest(usage);
    return files;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('The upload is larger than the form allows');
    if (TOO_MANY_PARTS.has(code)) throw badRequest(usage);
    throw badRequest('The upload is not a well-formed multipart form');
  }
}
