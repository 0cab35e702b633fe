import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose message is safe to show the client, with the status it maps to. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A field's name (as the API names it) and what is wrong with it. */
export type FieldErrors = Record<string, string>;

/** 400 `{error, fields}`: a form shows each message beside its field, and nothing changed. */
export class InvalidFields extends AppError {
  constructor(readonly fields: FieldErrors) {
    super(400, `Please correct: ${Object.keys(fields).join(', ')}`);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message: string) => new AppError(413, message);
export const unsupportedMediaType = (message: string) => new AppError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Fastify's own client errors (bad JSON, wrong content type, too large) keep their status. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/**
 * PostgreSQL's data exceptions that only a value sent by the client can cause (a NUL or a character the
 * encoding lacks, text that is not a number, a number or text too big for its column): a 400, as a last
 * line behind the schemas and the input guard, which should have named the field.
 */
const BAD_VALUE_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003', '22001']);
const BAD_VALUE = 'The request holds a value that cannot be stored';

/** A schema validator's refusal: Fastify's error, or the `validationError` a route attaches. */
interface SchemaRefusal {
  message: string;
  validation?: SchemaIssue[];
  validationContext?: string;
}

interface SchemaIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One sentence naming the field, from the first issue the schema validator found. */
function validationMessage(error: SchemaRefusal): string {
  // TypeBox reports a closed object twice: a bare "schema is false", then the useful additionalProperties issue
  const issues = (error.validation ?? []).filter((issue) => issue.keyword !== 'boolean');
  const first = issues[0];
  if (!first) return error.message;
  const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const field = path || error.validationContext || 'request';
  const params = first.params ?? {};
  const required = (params.requiredProperties as string[] | undefined)?.[0] ?? params.missingProperty;
  if (required) return `${path ? `${path}.` : ''}${required} is required`;
  const extra = (params.additionalProperties as string[] | undefined)?.[0] ?? params.additionalProperty;
  if (extra) return `${path ? `${path}.` : ''}${extra} is not allowed`;
  const allowed = params.allowedValues as unknown[] | undefined;
  if (allowed) return `${field} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  return `${field} ${first.message ?? 'is invalid'}`;
}

/** `{error}`; a 429 also says how many seconds to wait, as its Retry-After header does; a form's `fields`. */
function errorBody(error: AppError): { error: string; retryAfter?: number; fields?: FieldErrors } {
  if (error instanceof InvalidFields) return { error: error.message, fields: error.fields };
  const retryAfter = error.headers['retry-after'];
  return retryAfter === undefined
    ? { error: error.message }
    : { error: error.message, retryAfter: Number(retryAfter) };
}

/** The property names an issue lists (TypeBox) or names (one, as Ajv does). */
const namesIn = (list: unknown, one: unknown): string[] =>
  Array.isArray(list) ? list.map(String) : typeof one === 'string' ? [one] : [];

/** What the schema found wrong with one field of a form, in the form's words. */
function fieldMessage(issue: SchemaIssue): string {
  const params = issue.params ?? {};
  if (issue.keyword === 'maxLength') return `At most ${String(params.limit)} characters`;
  if (issue.keyword === 'type') return `Must be ${params.type === 'string' ? 'text' : String(params.type)}`;
  return issue.message ?? 'Not valid';
}

/**
 * A form's routes (`app` a plugin of their own): a body the schema refuses answers 400 `{error, fields}` as
 * the service's own checks do, a message per field (missing ones "Required"); other errors go on to the
 * shop's handler.
 */
export function answerFormsByField(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError) => {
    if (error.validationContext !== 'body' || !error.validation) throw error;
    const fields: FieldErrors = {};
    for (const issue of error.validation as SchemaIssue[]) {
      if (issue.keyword === 'boolean') continue;
      const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      const params = issue.params ?? {};
      const required = namesIn(params.requiredProperties, params.missingProperty);
      const extra = namesIn(params.additionalProperties, params.additionalProperty);
      const at = (key: string) => (path ? `${path}.${key}` : key);
      for (const key of required) fields[at(key)] ??= 'Required';
      for (const key of extra) fields[at(key)] ??= 'Not a field of this form';
      if (required.length === 0 && extra.length === 0) fields[path || 'request'] ??= fieldMessage(issue);
    }
    throw new InvalidFields(fields);
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send(errorBody(error));
    }
    if (error.validation) {
      return reply.code(400).send({ error: validationMessage(error) });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(error.statusCode ?? 400).send({ error: known });
    if (error.code && BAD_VALUE_SQLSTATES.has(error.code)) {
      // logged: the edge should have refused the value before it reached the database
      request.log.warn({ err: error }, 'bad value reached the database');
      return reply.code(400).send({ error: BAD_VALUE });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });
}
