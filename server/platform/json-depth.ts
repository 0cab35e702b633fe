/** How deep a JSON body may nest: the deepest contract body (a product's sizes, a sale's scope) needs 4. */
export const MAX_JSON_DEPTH = 16;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read in one pass over the characters
 * before anything parses it: a body of half a million nested arrays is refused at the cost of a scan, not
 * of building, walking and validating a tree that holds every request up behind it. Brackets inside
 * strings do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    }
  }
  return false;
}
