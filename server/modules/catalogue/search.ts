/**
 * What a shopper types, as the words a search matches (decision 017). A query is folded as the database
 * folds product text (migration 009: lower case, no accents, punctuation as spaces) and split into words;
 * each word matches any of its spellings: itself, its singular, the catalogue's words within one edit
 * (two from eight letters), and every synonym of those. Word order does not matter; every word must match.
 */

/** The words of one query: for each, the spellings that match it; `exact` leaves out the misspellings. */
export interface SearchTerms {
  /** the folded query, for an exact name */
  phrase: string;
  words: { spellings: string[]; exact: string[] }[];
}

const MAX_WORDS = 8;
const MAX_WORD = 30;
/** Words that say nothing about a product; left out unless the query has nothing else. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'on', 'to', 'by', '&']);

/** Lower case, accents off, anything but letters and digits a space (as search_fold() in migration 009). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The query's distinct words worth matching, at most eight, each cut to thirty characters. */
export function queryWords(folded: string): string[] {
  const all = [...new Set(folded.split(' ').filter(Boolean))].map((w) => w.slice(0, MAX_WORD));
  const telling = all.filter((w) => !STOP_WORDS.has(w));
  return (telling.length > 0 ? telling : all).slice(0, MAX_WORDS);
}

/** The word and its singular: kurtas -> kurta, dresses -> dress. */
export function baseForms(word: string): string[] {
  const forms = [word];
  if (word.length > 4 && word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  return forms;
}

/** Edits a word may carry and still match: none up to three letters, one up to seven, then two. */
export function allowedEdits(word: string): number {
  if (word.length <= 3) return 0;
  return word.length < 8 ? 1 : 2;
}

/** Levenshtein distance, or max + 1 once it is certain to exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Synonyms as the owner keeps them (search_synonyms): word -> canonical word. */
export class Synonyms {
  private readonly groups = new Map<string, string[]>();

  constructor(private readonly canonical: Map<string, string>) {
    for (const [word, group] of canonical) {
      this.groups.set(group, [...(this.groups.get(group) ?? [group]), word]);
    }
  }

  /** The word and every word with its canonical word. */
  of(word: string): string[] {
    const group = this.canonical.get(word) ?? (this.groups.has(word) ? word : undefined);
    return group === undefined ? [word] : [word, ...(this.groups.get(group) ?? [])];
  }
}

/**
 * The spellings of each query word. `candidates` are catalogue words near each base form (the store's
 * trigram lookup), kept when within the allowed edits; `prefixed` are catalogue words that start with
 * the last word, for suggestions as the shopper types.
 */
export function expandWords(
  words: string[],
  candidates: Map<string, string[]>,
  synonyms: Synonyms,
  prefixed: string[] = [],
): SearchTerms['words'] {
  return words.map((word, index) => {
    const bases = baseForms(word);
    const exact = unique(bases.flatMap((b) => synonyms.of(b)));
    const near = bases.flatMap((base) =>
      (candidates.get(base) ?? []).filter(
        (c) => editDistance(base, c, allowedEdits(base)) <= allowedEdits(base),
      ),
    );
    const typed = index === words.length - 1 ? prefixed : [];
    const spellings = unique([...exact, ...[...near, ...typed].flatMap((w) => synonyms.of(w))]);
    return { spellings, exact };
  });
}

const unique = (words: string[]) => [...new Set(words)].sort();
