import { useEffect, useState } from 'react';
import type { HomeResponse, ListingResponse } from '../../../../contract/catalogue.ts';
import { apiPaths } from '../../../../contract/paths.ts';
import { api } from '../../../shared/api/client.ts';

/** GET /home: the segments and their genres, fetched once and shared by the header and the home screen. */

let home: Promise<HomeResponse> | undefined;

export function loadHome(): Promise<HomeResponse> {
  if (!home) {
    home = api.get<HomeResponse>(apiPaths.home());
    // a failed load is retried by the next caller
    home.catch(() => {
      home = undefined;
    });
  }
  return home;
}

let crafts: Promise<boolean> | undefined;

/** Whether the crafts listing has something on sale (GET /home names apparel only), asked once. */
export function loadCraftsOnSale(): Promise<boolean> {
  if (!crafts) {
    crafts = api
      .post<ListingResponse>(apiPaths.accessories({}), { page: 1, sort: 0 })
      .then((answer) => answer.noOfEntries > 0);
    // a failed load is retried by the next caller
    crafts.catch(() => {
      crafts = undefined;
    });
  }
  return crafts;
}

/** Whether the shop has nothing on sale at all (a new shop, before its first product). */
export async function nothingOnSale(items: HomeResponse): Promise<boolean> {
  return items.length === 0 && !(await loadCraftsOnSale());
}

/**
 * Whether the menu names the crafts: only while they have something on sale, so it never leads to nothing.
 * Undefined until known.
 */
export function useCraftsOnSale(): boolean | undefined {
  const [onSale, setOnSale] = useState<boolean>();
  useEffect(() => {
    let live = true;
    loadCraftsOnSale().then(
      (answer) => live && setOnSale(answer),
      // unknown: the menu leaves the crafts out rather than risk an empty listing
      () => live && setOnSale(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return onSale;
}

export interface Segment {
  /** as the API spells it, for links */
  name: string;
  genres: string[];
}

/** Segments in reverse alphabetical order, each with its genres in the order the API gives them. */
export function toSegments(items: HomeResponse): Segment[] {
  const bySegment = new Map<string, string[]>();
  for (const { userSegment, genre } of items) {
    const genres = bySegment.get(userSegment) ?? [];
    if (!genres.includes(genre)) genres.push(genre);
    bySegment.set(userSegment, genres);
  }
  return [...bySegment]
    .map(([name, genres]) => ({ name, genres }))
    .sort((a, b) => b.name.toUpperCase().localeCompare(a.name.toUpperCase()));
}

/** The segments, or undefined while GET /home is on its way. */
export function useSegments(): Segment[] | undefined {
  const [segments, setSegments] = useState<Segment[]>();
  useEffect(() => {
    let live = true;
    loadHome().then(
      (items) => live && setSegments(toSegments(items)),
      // the home screen reports a failed load; the menu just shows its fixed entries
      () => live && setSegments([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return segments;
}
