import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { SortCode } from '../../../../../contract/catalogue.ts';
import { SORT_LABELS } from './filters.ts';

const CODES: SortCode[] = [0, 1, 2, 3, 4, 5];

interface Props {
  sort: SortCode;
  onSort: (sort: SortCode) => void;
  /** what sort 0 is called here (a search's is its best matches) */
  defaultLabel?: string;
}

/** SORT HERE, or "SORTED BY: {option}" once a sort is chosen; a small menu of the orders. */
export function SortMenu({ sort, onSort, defaultLabel = SORT_LABELS[0] }: Props) {
  const label = (code: SortCode) => (code === 0 ? defaultLabel : SORT_LABELS[code]);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (code: SortCode) => {
    close();
    if (code !== sort) onSort(code);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    } else if (event.key in step) {
      event.preventDefault();
      items[(index + (step[event.key] ?? 0) + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  return (
    <div className="sort-menu">
      <button
        ref={buttonRef}
        type="button"
        className="listing-tool"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {sort === 0 ? 'SORT HERE' : `SORTED BY: ${label(sort)}`}
        <span className="sort-caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Sort products"
          className="sort-list"
          onKeyDown={onMenuKey}
        >
          {CODES.map((code) => (
            <button
              key={code}
              type="button"
              role="menuitemradio"
              aria-checked={code === sort}
              tabIndex={-1}
              onClick={() => choose(code)}
            >
              {label(code)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
