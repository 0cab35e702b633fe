import { useEffect } from 'react';
import { homeDescription, homeTitle } from '../../../contract/shop-constants.ts';
import { useShop } from '../api/shop.ts';

/**
 * Sets the tab title ("Kurti | <shop>"; the home page's: the owner's page title, else the shop's name), so each screen is named for screen readers and history. Until
 * the shop's name arrives the page keeps the title the server sent, which already names the shop.
 */
export function usePageTitle(title: string | undefined) {
  const shop = useShop();
  useEffect(() => {
    if (shop === undefined) return;
    document.title = title ? `${title} | ${shop.name}` : homeTitle(shop);
    // the home page's description as the server wrote it, again after a visit to another page's
    if (!title)
      document.querySelector('meta[name="description"]')?.setAttribute('content', homeDescription(shop));
  }, [title, shop]);
}
