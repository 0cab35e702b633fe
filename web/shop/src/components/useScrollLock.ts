import { useEffect } from 'react';

/** While `active` (a drawer is open), the page behind does not scroll under the shopper's thumb. */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [active]);
}
