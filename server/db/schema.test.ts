import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../test/database.ts';
import type { DatabaseHandle } from './connect.ts';
import { migrate } from './migrate.ts';

/**
 * schema.ts is written by hand; this holds it to what the migrations make, table by table and column by
 * column, so that a migration without its types (or types without their migration) fails here rather
 * than as a wrong value at run time. schema.ts is read as text, a declaration per line or so, as it is
 * written: the TypeScript compiler's API is not something the tests may count on.
 */

const here = dirname(fileURLToPath(import.meta.url));

/** Kysely's own bookkeeping, which schema.ts has no reason to describe. */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** What a TypeScript type is, as far as a column is concerned. */
type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'bytes' | 'object' | 'null' | `${string}[]`;

interface Declarations {
  /** interface name -> its own properties (name -> type text) and the interfaces it extends */
  interfaces: Map<string, { properties: Map<string, string>; extends: string[] }>;
  /** type alias name -> its parameters and its type text */
  aliases: Map<string, { params: string[]; type: string }>;
}

/** Comments out, so that a type's text is only its code. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** The text split at `separator` where no bracket is open. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if ('<{[('.includes(c)) depth++;
    else if ('>}])'.includes(c) && text[i - 1] !== '=') depth--;
    else if (depth === 0 && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** The text from an opening bracket at `open` to its closing one, both left out. */
function bracketed(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if ('<{[('.includes(c)) depth++;
    else if ('>}])'.includes(c) && text[i - 1] !== '=') {
      depth--;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  throw new Error(`no closing bracket after: ${text.slice(open, open + 60)}`);
}

/** The interfaces and type aliases a file declares at its top level. */
function declarations(file: string): Declarations {
  const text = withoutComments(readFileSync(file, 'utf8'));
  const interfaces: Declarations['interfaces'] = new Map();
  for (const m of text.matchAll(/^(?:export )?interface (\w+)(?: extends ([\w, ]+))? \{/gm)) {
    const body = bracketed(text, (m.index as number) + m[0].length - 1);
    const properties = new Map<string, string>();
    for (const member of splitTop(body, ';')) {
      const colon = member.indexOf(':');
      properties.set(member.slice(0, colon).replace(/\?$/, '').trim(), member.slice(colon + 1).trim());
    }
    const parents = m[2]?.split(',').map((name) => name.trim()) ?? [];
    interfaces.set(m[1] as string, { properties, extends: parents });
  }
  const aliases: Declarations['aliases'] = new Map();
  for (const m of text.matchAll(/^(?:export )?type (\w+)(?:<([\w, ]+)>)? =/gm)) {
    const rest = text.slice((m.index as number) + m[0].length);
    const type = splitTop(rest, ';')[0] as string;
    aliases.set(m[1] as string, { params: m[2]?.split(',').map((p) => p.trim()) ?? [], type });
  }
  return { interfaces, aliases };
}

/** schema.ts's declarations, with the aliases of the contract files it imports types from. */
function schemaDeclarations(): Declarations {
  const file = join(here, 'schema.ts');
  const own = declarations(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/^import type \{[^}]*\} from '(\.[^']+)';/gm)) {
    for (const [name, alias] of declarations(join(here, m[1] as string)).aliases) {
      if (!own.aliases.has(name)) own.aliases.set(name, alias);
    }
  }
  return own;
}

/** An interface's properties, those it extends first. */
function properties(decls: Declarations, name: string): Map<string, string> {
  const declared = decls.interfaces.get(name);
  if (!declared) throw new Error(`schema.ts declares no interface ${name}`);
  const inherited = declared.extends.flatMap((parent) => [...properties(decls, parent)]);
  return new Map([...inherited, ...declared.properties]);
}

/** A generic's type arguments: `Name<A, B>` -> [A, B]. */
function typeArguments(type: string): string[] {
  return splitTop(bracketed(type, type.indexOf('<')), ',');
}

/** An alias used with its arguments, written out. */
function expand(decls: Declarations, type: string): string | undefined {
  const m = /^(\w+)(<.*>)?$/s.exec(type);
  const alias = m && decls.aliases.get(m[1] as string);
  if (!alias) return undefined;
  const args = m[2] ? typeArguments(type) : [];
  return alias.params.reduce(
    (text, param, i) => text.replace(new RegExp(`\\b${param}\\b`, 'g'), args[i] ?? 'unknown'),
    alias.type,
  );
}

/**
 * What a column holds as read (Kysely's select type) and whether an insert may leave it out:
 * Generated<T> and ColumnType<S, I, U> unwrapped, aliases of them (Timestamp, Json<T>) written out.
 */
function columnType(decls: Declarations, type: string): { select: string; optional: boolean } {
  if (type.startsWith('Generated<')) return { select: typeArguments(type)[0] as string, optional: true };
  if (type.startsWith('ColumnType<')) {
    const [select = '', insert = select] = typeArguments(type);
    const optional = splitTop(insert, '|').some((t) => t === 'undefined' || t === 'never');
    return { select, optional };
  }
  const expanded = expand(decls, type);
  return expanded === undefined ? { select: type, optional: false } : columnType(decls, expanded);
}

/** The kinds of a select type's members, `| null` as 'null'; what cannot be read, as its text. */
function kinds(decls: Declarations, type: string): (Kind | { unread: string })[] {
  return splitTop(type, '|').flatMap((member): (Kind | { unread: string })[] => {
    if (member === 'null') return ['null'];
    if (member === 'string' || /^'[^']*'$/.test(member) || /^keyof typeof \w+$/.test(member))
      return ['string'];
    if (member === 'number' || member === 'boolean' || member === 'Date') return [member];
    if (member === 'Uint8Array' || member === 'Buffer') return ['bytes'];
    if (member === 'unknown' || member.startsWith('{') || member.startsWith('Record<')) return ['object'];
    if (member.endsWith('[]')) {
      const element = member.slice(0, -2).replace(/^\((.*)\)$/s, '$1');
      return kinds(decls, element).map((k) => (typeof k === 'string' ? (`${k}[]` as Kind) : k));
    }
    if (splitTop(member, '&').length > 1) return ['object'];
    if (member.startsWith('(') && member.endsWith(')')) return kinds(decls, member.slice(1, -1));
    if (decls.interfaces.has(member)) return ['object'];
    const expanded = expand(decls, member);
    return expanded === undefined ? [{ unread: member }] : kinds(decls, expanded);
  });
}

/** The kinds a column's SQL type may be read as, through the driver as connect.ts sets it up. */
function fitting(udt: string): Kind[] {
  if (udt.startsWith('_')) return fitting(udt.slice(1)).map((k) => `${k}[]` as Kind);
  switch (udt) {
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'uuid':
    case 'citext':
    case 'inet':
    // pg leaves numeric as text: a JS number would round it
    case 'numeric':
      return ['string'];
    case 'int2':
    case 'int4':
    case 'float4':
    case 'float8':
    // connect.ts reads bigint as a number
    case 'int8':
      return ['number'];
    case 'bool':
      return ['boolean'];
    case 'date':
    case 'timestamp':
    case 'timestamptz':
      return ['Date'];
    case 'bytea':
      return ['bytes'];
    case 'json':
    case 'jsonb':
      return ['object'];
    default:
      return [];
  }
}

interface Column {
  table: string;
  column: string;
  udt: string;
  nullable: boolean;
  /** a default, an identity or a generated column: an insert may leave it out */
  defaulted: boolean;
  /** GENERATED ALWAYS: its nullness is its expression's, which information_schema does not tell */
  generated: boolean;
}

/** Every difference between schema.ts and the database's columns, one sentence each. */
function drift(decls: Declarations, columns: Column[]): string[] {
  const problems: string[] = [];
  const tables = new Map<string, Column[]>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  const declared = properties(decls, 'Database');
  for (const table of tables.keys()) {
    if (!declared.has(table)) problems.push(`${table}: a table of the database that Database does not list`);
  }
  for (const [table, interfaceName] of declared) {
    const inDatabase = tables.get(table);
    if (!inDatabase) {
      problems.push(`${table}: listed in Database, but the migrations make no such table`);
      continue;
    }
    const typed = properties(decls, interfaceName);
    for (const c of inDatabase) {
      if (!typed.has(c.column))
        problems.push(`${table}.${c.column}: a column (${c.udt}) that ${interfaceName} lacks`);
    }
    for (const [column, type] of typed) {
      const c = inDatabase.find((d) => d.column === column);
      if (!c) {
        problems.push(`${table}.${column}: in ${interfaceName}, but the table has no such column`);
        continue;
      }
      const { select, optional } = columnType(decls, type);
      const found = kinds(decls, select);
      const nullable = found.includes('null');
      if (nullable !== c.nullable && !(c.generated && !nullable)) {
        problems.push(
          `${table}.${column}: the column is ${c.nullable ? 'nullable' : 'NOT NULL'}, the type ${type} ${nullable ? 'has' : 'lacks'} | null`,
        );
      }
      const fits = fitting(c.udt);
      for (const k of found) {
        if (k === 'null') continue;
        if (typeof k !== 'string') problems.push(`${table}.${column}: cannot read the type ${k.unread}`);
        else if (!fits.includes(k) && !(fits.includes('object') && k.endsWith('[]'))) {
          problems.push(
            `${table}.${column}: ${c.udt} is read as ${fits.join(' or ') || 'nothing known'}, not ${k} (${type})`,
          );
        }
      }
      if (optional && !c.defaulted && !c.nullable) {
        problems.push(
          `${table}.${column}: ${type} lets an insert leave it out, but the column has no default`,
        );
      }
    }
  }
  return problems;
}

describe.each(databaseKinds())('schema.ts against the migrations on %s', (kind: DatabaseKind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind, { empty: true });
    await migrate(handle.db);
  });
  afterAll(() => handle.close());

  it('types every table and column as the migrations make it', async () => {
    const { rows } = await sql<Column>`
      SELECT table_name AS "table", column_name AS "column", udt_name AS udt,
        is_nullable = 'YES' AS nullable,
        column_default IS NOT NULL OR is_identity = 'YES' OR is_generated = 'ALWAYS' AS defaulted,
        is_generated = 'ALWAYS' AS generated
      FROM information_schema.columns
      WHERE table_schema = 'public'
        AND table_name IN (SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
      ORDER BY table_name, ordinal_position`.execute(handle.db);
    const columns = rows.filter((c) => !KYSELY_TABLES.has(c.table));
    expect(columns.length).toBeGreaterThan(0);
    expect(drift(schemaDeclarations(), columns)).toEqual([]);
  });
});
