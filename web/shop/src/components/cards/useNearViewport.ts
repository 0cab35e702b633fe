import { type RefObject, useEffect, useState } from 'react';

/** How far below the viewport a section starts loading, so that it is ready when scrolled to. */
const AHEAD = '400px 0px';

/** Whether the element has come near the viewport (once true, it stays true). */
export function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    // a browser without it loads at once
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
