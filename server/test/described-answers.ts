import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The API's own description (`GET /api/openapi.json`, OpenAPI 3.1), read as any client of the API
 * would read it, to hold every answer to it: the status must be one the operation lists, and a JSON
 * body must match the schema the document gives for that status.
 */

interface MediaType {
  schema?: object;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
  'x-key-variants'?: Record<string, Operation>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** A document path as a pattern, and the order the router tries it in: a literal segment before a parameter. */
interface PathPattern {
  path: string;
  pattern: RegExp;
  rank: string;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pathPattern(path: string): PathPattern {
  const segments = path.split('/');
  const isParameter = (segment: string) => /^\{\w+\}$/.test(segment);
  return {
    path,
    pattern: new RegExp(`^${segments.map((s) => (isParameter(s) ? '[^/]+' : literal(s))).join('/')}/?$`),
    rank: segments.map((s) => (isParameter(s) ? '1' : '0')).join(''),
  };
}

export interface Exchange {
  method: string;
  /** the path as requested, with its query string */
  path: string;
  /** the `key` header the request carried */
  key?: string;
  status: number;
  contentType: string;
  body: unknown;
}

export class DescribedAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  private readonly patterns: PathPattern[];

  private constructor(private readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.patterns = Object.keys(document.paths)
      .map(pathPattern)
      .sort((a, b) => a.rank.localeCompare(b.rank));
  }

  static async load(baseUrl: string): Promise<DescribedAnswers> {
    const res = await fetch(`${baseUrl}/api/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    return new DescribedAnswers((await res.json()) as OpenApiDocument);
  }

  /** Throws, naming the call, when the answer is not one the document describes. */
  check(exchange: Exchange): void {
    const call = `${exchange.method} ${exchange.path} (${exchange.status})`;
    const operation = this.operation(exchange);
    if (!operation) throw new Error(`${call}: the document has no such operation`);
    const status = String(exchange.status);
    const answer =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!answer) throw new Error(`${call}: the document lists no answer with this status`);
    const isJson = /\bjson\b/i.test(exchange.contentType);
    const media = answer.content?.[isJson ? 'application/json' : (exchange.contentType.split(';')[0] ?? '')];
    if (!answer.content) {
      if (exchange.body !== '') throw new Error(`${call}: the document describes no body, one came`);
      return;
    }
    if (!media) throw new Error(`${call}: the document describes no ${exchange.contentType} body`);
    if (!isJson || !media.schema) return;
    const validate = this.validator(media.schema);
    if (!validate(exchange.body)) {
      const issues = this.ajv.errorsText(validate.errors, { dataVar: 'body' });
      throw new Error(
        `${call}: the body does not match the document: ${issues}\n${JSON.stringify(exchange.body)}`,
      );
    }
  }

  private operation({ method, path, key }: Exchange): Operation | undefined {
    const pathname = path.split('?')[0] ?? path;
    const found = this.patterns.find(({ pattern }) => pattern.test(pathname));
    const operation = found && this.document.paths[found.path]?.[method.toLowerCase()];
    return (key && operation?.['x-key-variants']?.[key]) || operation;
  }

  private validator(schema: object): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}
