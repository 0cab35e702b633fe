import { useEffect, useState } from 'react';
import { apiPaths } from '../../../contract/paths.ts';
import type { PublicShop } from '../../../contract/shop.ts';
import { api } from './client.ts';

/**
 * GET /api/shop: the business behind the shop as its owner set it in the back office (name, logo, legal
 * name, office, support, delivery terms) and whether it runs in test mode, fetched once at startup and
 * shared by every screen.
 */

let shop: Promise<PublicShop> | undefined;
/** the answer once it came, so a screen opened later shows it at its first paint */
let answered: PublicShop | undefined;

export function loadShop(): Promise<PublicShop> {
  if (!shop) {
    shop = api.get<PublicShop>(apiPaths.shop()).then((details) => {
      answered = details;
      return details;
    });
    // a failed load is retried by the next caller
    shop.catch(() => {
      shop = undefined;
    });
  }
  return shop;
}

/** The shop's details, or undefined while GET /api/shop is on its way (or failed: the texts then wait). */
export function useShop(): PublicShop | undefined {
  const [details, setDetails] = useState(answered);
  useEffect(() => {
    if (details) return;
    let live = true;
    loadShop().then(
      (answer) => live && setDetails(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [details]);
  return details;
}
