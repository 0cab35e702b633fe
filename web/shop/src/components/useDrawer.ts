import { useEffect, useId, useRef, useState } from 'react';
import { useFocusTrap } from '../../../shared/components/useFocusTrap.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/**
 * A panel that becomes a drawer on windows matching `narrowQuery`: whether it is open, its id and ref,
 * and a focus trap while it is open as a drawer.
 */
export function useDrawer<T extends HTMLElement>(narrowQuery: string) {
  const narrow = useMediaQuery(narrowQuery);
  const [open, setOpen] = useState(false);
  const drawerOpen = narrow && open;
  const ref = useRef<T>(null);
  const id = useId();
  const close = () => setOpen(false);
  useFocusTrap(ref, drawerOpen, close);

  // a drawer left open on a narrow window should not reappear after the window was widened
  useEffect(() => {
    if (!narrow) setOpen(false);
  }, [narrow]);

  return { narrow, open, setOpen, drawerOpen, ref, id, close };
}
