import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { Value } from 'typebox/value';

export const NUL_REFUSED = 'must not contain NUL characters';

/**
 * Every route's validator (params, query, headers, body): TypeBox's, compiled as
 * @fastify/type-provider-typebox does (strict bodies; params and query converted), hardened at two edges.
 * - A NUL anywhere, in a text or a key, is refused first: PostgreSQL cannot store one and fails with a 500.
 * - TypeBox's check tests a text's length before its pattern or format, but its error listing runs every
 *   keyword; so the errors come from the schema without patterns and formats while that one fails, and a
 *   text over its maxLength never meets a pattern.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const full = Compile(schema);
  let shape: Validator | undefined;
  return (value: unknown) => {
    const nul = nulPath(value);
    if (nul) return { error: [nulError(nul)] };
    const converted = httpPart === 'body' ? value : Value.Convert(schema, value);
    if (full.Check(converted)) return { value: converted };
    shape ??= Compile(withoutTextRules(schema) as TSchema);
    const errors: FastifySchemaValidationError[] = (shape.Check(converted) ? full : shape).Errors(converted);
    return { error: errors };
  };
};

function nulError(path: string[]): FastifySchemaValidationError {
  return {
    keyword: 'nul',
    instancePath: path.map((key) => `/${key}`).join(''),
    schemaPath: '#',
    params: {},
    message: NUL_REFUSED,
  };
}

interface Node {
  value: unknown;
  key: string;
  parent?: Node;
}

/**
 * The keys leading to the first text holding a NUL (to the object, for a key holding one), or undefined
 * when there is none. Iterative: a deeply nested body must not overflow the stack.
 */
export function nulPath(root: unknown): string[] | undefined {
  const pending: Node[] = [{ value: root, key: '' }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (typeof node.value === 'string') {
      if (node.value.includes('\0')) return pathOf(node);
    } else if (isWalkable(node.value)) {
      for (const [key, value] of Object.entries(node.value)) {
        if (key.includes('\0')) return pathOf(node);
        pending.push({ value, key, parent: node });
      }
    }
  }
  return undefined;
}

function pathOf(node: Node): string[] {
  const keys: string[] = [];
  for (let at: Node | undefined = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/** objects and arrays to look into (parsers make null-prototype ones); a raw body's Buffer is not walked */
function isWalkable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

// values, not schemas: copied as they are
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** The schema as JSON Schema, without its `pattern` and `format` keywords. */
function withoutTextRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutTextRules);
  if (!isWalkable(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const textRule =
      (key === 'pattern' || key === 'format') && (typeof value === 'string' || value instanceof RegExp);
    if (textRule) continue;
    copy[key] = DATA_KEYWORDS.has(key) ? value : withoutTextRules(value);
  }
  return copy;
}
