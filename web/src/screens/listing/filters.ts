import type { FilterFeature, SelectedFilters, SortCode } from '../../../../contract/catalog.ts';

/** feature name -> option values, in the order the server gives them */
export type FilterOptions = Record<string, string[]>;

export const SORT_LABELS: Record<SortCode, string> = {
  0: 'Default',
  1: 'Price low to high',
  2: 'Price high to low',
};

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
  return raw === '1' ? 1 : raw === '2' ? 2 : 0;
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

/** The server sends [{feature: values}, …]; one map is easier to work with. */
export function toOptions(filterFeature: FilterFeature[]): FilterOptions {
  return Object.assign({}, ...filterFeature) as FilterOptions;
}

function union(base: string[], extra: string[]): string[] {
  return [...base, ...extra.filter((v) => !base.includes(v))];
}

/**
 * Spec section 4: after a change the options narrow to those returned, except that a group with
 * selections keeps its previous options, so the shopper still sees (and can undo) the alternatives.
 * Selected values always stay visible so they can be unchecked.
 */
export function narrowOptions(
  previous: FilterOptions | undefined,
  returned: FilterOptions,
  selected: SelectedFilters,
): FilterOptions {
  const features = union(Object.keys(returned), Object.keys(selected));
  const next: FilterOptions = {};
  for (const feature of features) {
    const chosen = selected[feature] ?? [];
    const kept = chosen.length > 0 ? previous?.[feature] : undefined;
    const values = union(kept ?? returned[feature] ?? [], chosen);
    if (values.length > 0) next[feature] = values;
  }
  return next;
}

/**
 * Not present in the current result set: shown red, struck through and disabled. A group with
 * selections is the exception: its values are alternatives (OR), so choosing another one widens the
 * result rather than emptying it, and the kept options stay selectable.
 */
export function isUnavailable(
  returned: FilterOptions,
  selected: SelectedFilters,
  feature: string,
  value: string,
): boolean {
  if ((selected[feature]?.length ?? 0) > 0) return false;
  return !(returned[feature]?.includes(value) ?? false);
}
