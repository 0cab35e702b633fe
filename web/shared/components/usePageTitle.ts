import { useEffect } from 'react';
import { useShop } from '../api/shop.ts';

/**
 * Sets the tab title ("Kurti | <shop>"), so each screen is named for screen readers and history. Until
 * the shop's name arrives the page keeps the title the server sent, which already names the shop.
 */
export function usePageTitle(title: string | undefined) {
  const name = useShop()?.name;
  useEffect(() => {
    if (name === undefined) return;
    document.title = title ? `${title} | ${name}` : `${name}: Indian fashion and crafts`;
  }, [title, name]);
}
