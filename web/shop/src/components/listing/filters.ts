import type { FilterCounts, SelectedFilters, SortCode } from '../../../../../contract/catalogue.ts';
import {
  DISCOUNT_FILTER,
  FEATURE_LABELS,
  PRICE_FILTER,
} from '../../../../../contract/catalogue-constants.ts';
import { formatRupees } from '../../../../../contract/money.ts';

export { SORT_LABELS } from '../../../../../contract/catalogue-constants.ts';

const PRICE_RANGE = /^(\d+)-(\d+)$/;
// the last price bucket has a ceiling no product reaches
const OPEN_ENDED = 999_999;

/** How a chosen value reads: ranges in rupees and percent, anything else as it is. */
export function valueLabel(feature: string, value: string): string {
  if (feature === DISCOUNT_FILTER) return `${value}% and above`;
  const range = feature === PRICE_FILTER ? PRICE_RANGE.exec(value) : null;
  if (!range) return value;
  const [min, max] = [Number(range[1]), Number(range[2])];
  if (max >= OPEN_ENDED) return `${formatRupees(min)} and above`;
  return min === 0 ? `Under ${formatRupees(max + 1)}` : `${formatRupees(min)} – ${formatRupees(max)}`;
}

export function featureLabel(feature: string): string {
  return FEATURE_LABELS[feature] ?? feature;
}

const MAX_PAGE = 10_000;

function isSelectedFilters(value: unknown): value is SelectedFilters {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string'));
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The router hands the segment decoded once, but keeps '/' as %2F; links from elsewhere may have
 * encoded it twice (the server accepts both). Anything that is not a filter object means "no filters".
 */
export function parseFilters(segment: string | undefined): SelectedFilters {
  if (!segment) return {};
  const once = segment.replace(/%2F/gi, '/');
  let parsed = tryJson(once);
  if (parsed === undefined) {
    try {
      parsed = tryJson(decodeURIComponent(once));
    } catch {
      parsed = undefined;
    }
  }
  if (!isSelectedFilters(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter(([, values]) => values.length > 0));
}

export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function parseSort(raw: string | null): SortCode {
  const sort = Number(raw);
  return raw !== null && Number.isInteger(sort) && sort >= 1 && sort <= 5 ? (sort as SortCode) : 0;
}

export function toggleValue(filters: SelectedFilters, feature: string, value: string): SelectedFilters {
  const current = filters[feature] ?? [];
  const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const next = { ...filters };
  if (values.length > 0) next[feature] = values;
  else delete next[feature];
  return next;
}

export function countSelected(filters: SelectedFilters): number {
  return Object.values(filters).reduce((n, values) => n + values.length, 0);
}

/**
 * Shown disabled: a value no product would have with the other choices. A chosen value stays
 * enabled, so it can be unchosen.
 */
export function isUnavailable(
  counts: FilterCounts,
  selected: SelectedFilters,
  feature: string,
  value: string,
): boolean {
  if (selected[feature]?.includes(value)) return false;
  return (counts[feature]?.[value] ?? 0) === 0;
}

/** A price range typed by the shopper replaces the chosen price buckets; empty edges are 0 and open. */
export function withPriceRange(filters: SelectedFilters, min: string, max: string): SelectedFilters {
  const low = Math.max(0, Math.floor(Number(min) || 0));
  const high = max.trim() === '' ? OPEN_ENDED : Math.max(low, Math.floor(Number(max) || 0));
  return { ...filters, [PRICE_FILTER]: [`${low}-${high}`] };
}
