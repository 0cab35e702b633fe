import { describe, expect, it } from 'vitest';
import { EditProfileBody, PersonName } from './accounts.ts';

/**
 * Every `pattern` of the contract must fail in linear time on any input: a backtracking engine only
 * goes quadratic when two quantifiers next to each other can take the same character (`a*a*$` on
 * "aaaa…!"), or a repeated group holds another repeat. Timing a match would be flaky, so this reads the
 * pattern instead. The reader knows the simple syntax the contract uses and refuses the rest
 * (alternation, lookaround, repeated groups) rather than vouch for it.
 */

interface Atom {
  source: string;
  /** with its quantifier, as written */
  text: string;
  min: number;
  max: number;
  /** the optional groups (numbered) the atom sits in */
  optionalIn: number[];
}

const QUANTIFIER = /^(?:([*+?])|\{(\d+)(,(\d*))?\})/;

/** the single-character atoms of a pattern, with their repeat counts and optional groups */
function atomsOf(pattern: string): Atom[] {
  const atoms: Atom[] = [];
  const open: { id: number; from: number }[] = [];
  let groups = 0;
  let at = 0;
  while (at < pattern.length) {
    const rest = pattern.slice(at);
    if (rest.startsWith('^') || rest.startsWith('$')) at += 1;
    else if (rest.startsWith('(?:') || /^\((?!\?)/.test(rest)) {
      open.push({ id: groups++, from: atoms.length });
      at += rest.startsWith('(?:') ? 3 : 1;
    } else if (rest.startsWith(')')) {
      const group = open.pop();
      const [min, max, length] = quantifier(rest.slice(1));
      if (!group || max > 1) throw new Error(`cannot read ${pattern}: repeated group`);
      if (min === 0) for (const atom of atoms.slice(group.from)) atom.optionalIn.push(group.id);
      at += 1 + length;
    } else {
      const source = atomSource(rest, pattern);
      const [min, max, length] = quantifier(rest.slice(source.length));
      atoms.push({ source, text: rest.slice(0, source.length + length), min, max, optionalIn: [] });
      at += source.length + length;
    }
  }
  return atoms;
}

function atomSource(rest: string, pattern: string): string {
  if (/^[|(]/.test(rest)) throw new Error(`cannot read ${pattern}: ${rest}`);
  if (rest.startsWith('[')) return /^\[(?:\\.|[^\]\\])*\]/.exec(rest)?.[0] ?? rest;
  if (/^\\[pP]\{/.test(rest)) return /^\\[pP]\{[^}]*\}/.exec(rest)?.[0] ?? rest;
  if (/^\\[1-9kbB]/.test(rest)) throw new Error(`cannot read ${pattern}: ${rest}`);
  return rest.startsWith('\\') ? rest.slice(0, 2) : rest.slice(0, 1);
}

/** [min, max, characters used] of the quantifier at the start of `rest` ([1, 1, 0] when none) */
function quantifier(rest: string): [number, number, number] {
  const match = QUANTIFIER.exec(rest);
  if (!match) return [1, 1, 0];
  const [text, symbol, min, comma, max] = match;
  if (rest[text.length] === '?') throw new Error('lazy quantifiers are not read');
  if (symbol) return [symbol === '+' ? 1 : 0, symbol === '?' ? 1 : Number.POSITIVE_INFINITY, text.length];
  const upper = comma === undefined ? Number(min) : max === '' ? Number.POSITIVE_INFINITY : Number(max);
  return [Number(min), upper, text.length];
}

/** whether some character (any code point) matches both atoms */
function overlap(a: Atom, b: Atom): boolean {
  const both = new RegExp(`^(?=${a.source})${b.source}$`, 'u');
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code === 0xd800) code = 0xe000;
    if (both.test(String.fromCodePoint(code))) return true;
  }
  return false;
}

/** whether `later` must match whenever `atom` did: mandatory, and in no optional group `atom` is not in */
const mandatoryAfter = (later: Atom, atom: Atom) =>
  later.min >= 1 && later.optionalIn.every((group) => atom.optionalIn.includes(group));

const unbounded = (atom: Atom) => atom.max === Number.POSITIVE_INFINITY;

/**
 * What makes the pattern backtrack more than linearly: no anchor at the start (every start position
 * is tried), or two unbounded repeats with nothing mandatory between them that share a character.
 */
function ambiguities(pattern: string): string[] {
  const atoms = atomsOf(pattern);
  const found = pattern.startsWith('^') ? [] : ['not anchored at the start'];
  for (const [i, atom] of atoms.entries()) {
    if (!unbounded(atom)) continue;
    for (const later of atoms.slice(i + 1)) {
      if (unbounded(later) && overlap(atom, later)) found.push(`'${atom.text}' and '${later.text}'`);
      if (mandatoryAfter(later, atom)) break;
    }
  }
  return found;
}

/** every string schema's pattern in the contract's modules */
function contractPatterns(): string[] {
  const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
  const patterns = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const schema = value as { type?: unknown; pattern?: unknown };
    if (schema.type === 'string' && typeof schema.pattern === 'string') patterns.add(schema.pattern);
    for (const child of Object.values(value)) visit(child);
  };
  for (const module of Object.values(modules)) visit(module);
  return [...patterns];
}

const LETTERS = '\\p{L}\\p{M}';
const OLD_NAME = `^ *[${LETTERS}][${LETTERS} .'-]* *$`;
const OLD_CITY = `^( *[${LETTERS}][${LETTERS} .'-]* *)?$`;
const patternOf = (schema: unknown) => (schema as { pattern: string }).pattern;
const NAME = patternOf(PersonName);
const CITY = patternOf(EditProfileBody.properties.city.anyOf[0]);

describe('the contract patterns fail in linear time', () => {
  const patterns = contractPatterns();

  it('finds the name and city patterns among them', () => {
    expect(patterns).toContain(NAME);
    expect(patterns).toContain(CITY);
  });

  it.each(patterns)('%s has no two neighbouring quantifiers that share a character', (pattern) => {
    expect(ambiguities(pattern)).toEqual([]);
  });

  it('flags the quadratic name and city patterns they replaced, and other shapes that backtrack', () => {
    const names = `'[${LETTERS} .'-]*' and ' *'`;
    expect(ambiguities(OLD_NAME)).toEqual([names]);
    expect(ambiguities(OLD_CITY)).toEqual([names]);
    expect(ambiguities('^a+(?:b)?\\w*$')).toEqual(["'a+' and '\\w*'"]);
    expect(ambiguities('^a+b\\w*$')).toEqual([]);
    expect(ambiguities('[0-9]{6}$')).toEqual(['not anchored at the start']);
    expect(() => ambiguities('^(a+)+$')).toThrow(/repeated group/);
    expect(() => ambiguities('^a|b$')).toThrow(/cannot read/);
  });

  it('accepts what the old patterns accepted, on real names and cities', () => {
    const samples = [' Rina Sen ', "D'Souza", 'Anne-Marie', 'রিনা', 'अनु. ', '', '  ', 'R2', '-Rina', 'Rina!'];
    for (const [now, before] of [
      [NAME, OLD_NAME],
      [CITY, OLD_CITY],
    ] as const) {
      const accepts = (pattern: string) => samples.map((s) => new RegExp(pattern, 'u').test(s));
      expect(accepts(now)).toEqual(accepts(before));
    }
  });
});
