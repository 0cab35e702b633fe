import { DISCOUNT_FILTER, PRICE_FILTER, type SelectedFilters } from '../../../contract/catalogue.ts';
import { badRequest } from '../../platform/errors.ts';
import { NUL_REFUSED, nulPath } from '../../platform/input-guard.ts';
import { parseDiscount, parsePriceRange } from './ranges.ts';

const MAX_FEATURES = 20;
const MAX_VALUES = 50;
const MAX_TEXT = 100;

/**
 * The listing's `filters` path segment as selected filters. Fastify has decoded it once; a client
 * that encoded it twice leaves it percent-encoded, so it is decoded once more. Empty means no filters.
 * Features with no chosen values are dropped; values are de-duplicated and sorted, so equal
 * selections share one cache key.
 */
export function parseFilters(segment: string | undefined): SelectedFilters {
  const text = decodeAgainIfEncoded(segment?.trim() ?? '');
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('filters must be URL-encoded JSON, e.g. {"color":["Red"]}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('filters must be a JSON object mapping a feature to a list of values');
  }
  // JSON's \u0000 escape gets past the path's own check
  const nul = nulPath(parsed);
  if (nul) throw badRequest(`${['filters', ...nul].join('.')} ${NUL_REFUSED}`);
  const entries = Object.entries(parsed);
  if (entries.length > MAX_FEATURES) throw badRequest(`filters may name at most ${MAX_FEATURES} features`);
  const chosen = entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([feature, values]) => [feature, checkValues(feature, values)] as const)
    .filter(([, values]) => values.length > 0);
  // fromEntries keeps a feature named "__proto__" as a feature (that matches nothing), not a prototype
  return Object.fromEntries(chosen);
}

function decodeAgainIfEncoded(text: string): string {
  if (!text.startsWith('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest('filters is not correctly URL-encoded');
  }
}

function checkValues(feature: string, values: unknown): string[] {
  if (feature.length === 0 || feature.length > MAX_TEXT) {
    throw badRequest(`filters: a feature name must have 1 to ${MAX_TEXT} characters`);
  }
  if (!Array.isArray(values) || values.some((v) => typeof v !== 'string' || v.length > MAX_TEXT)) {
    throw badRequest(`filters.${feature} must be a list of texts of at most ${MAX_TEXT} characters`);
  }
  if (values.length > MAX_VALUES)
    throw badRequest(`filters.${feature} may list at most ${MAX_VALUES} values`);
  const chosen = [...new Set(values as string[])].sort();
  if (feature === PRICE_FILTER && !chosen.every((v) => parsePriceRange(v))) {
    throw badRequest(`filters.${PRICE_FILTER} takes ranges of whole rupees "<min>-<max>", e.g. "500-999"`);
  }
  if (feature === DISCOUNT_FILTER && !chosen.every((v) => parseDiscount(v) !== undefined)) {
    throw badRequest(`filters.${DISCOUNT_FILTER} takes a whole percentage from 0 to 100, e.g. "30"`);
  }
  return chosen;
}
