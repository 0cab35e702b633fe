import { useCallback, useRef } from 'react';

/** Runs one task at a time: a second press while a call is under way does nothing. */
export function useOneAtATime(): (task: () => Promise<void>) => Promise<void> {
  const busy = useRef(false);
  return useCallback(async (task) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await task();
    } finally {
      busy.current = false;
    }
  }, []);
}
