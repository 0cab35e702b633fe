import { useEffect } from 'react';

/** Sets the tab title ("Kurti | haat"), so each screen is named for screen readers and history. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | haat` : 'haat: Indian fashion and crafts';
  }, [title]);
}
