import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SuggestResponse } from '../../../../contract/catalogue.ts';
import { SUGGEST_MIN_LENGTH } from '../../../../contract/catalogue-constants.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { apiPaths, paths } from '../../../../contract/paths.ts';
import { api } from '../../../shared/api/client.ts';
import { CloseIcon, SearchIcon } from './icons.tsx';
import './SearchBox.css';

const LABEL = 'Search for products, brands and more';
const DEBOUNCE_MS = 200;
const THUMB_WIDTH = 320;

interface Suggestion {
  id: string;
  href: string;
  text: string;
  detail: string;
  photo?: string;
}

const productsText = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/** The answer as one list of options: segments, genres, then products. */
function toSuggestions({ segments, genres, products }: SuggestResponse): Suggestion[] {
  return [
    ...segments.map((s) => ({
      id: `s-${s.userSegment}`,
      href: paths.search(s.userSegment),
      text: s.userSegment,
      detail: productsText(s.count),
    })),
    ...genres.map((g) => ({
      id: `g-${g.userSegment}-${g.genre}`,
      href: paths.listing(g.userSegment, g.genre),
      text: `${g.genre} in ${g.userSegment}`,
      detail: productsText(g.count),
    })),
    ...products.map((p) => ({
      id: `p-${p.id}`,
      href: paths.product(p.prod, p.id),
      text: p.name,
      detail: formatRupees(p.currentPrice),
      photo: paths.image(p.photo1, THUMB_WIDTH),
    })),
  ];
}

/** Suggestions for the text, from its second character, asked once the shopper pauses. */
function useSuggestions(text: string): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const q = text.trim();
  useEffect(() => {
    if (q.length < SUGGEST_MIN_LENGTH) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.get<SuggestResponse>(apiPaths.suggest(q), { signal: controller.signal }).then(
        (answer) => setSuggestions(toSuggestions(answer)),
        // suggestions are a help: a failed one leaves the box as it is
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return suggestions;
}

/**
 * The header's search field: an ARIA combobox with a list of suggestions. Arrow keys move through
 * them, Enter opens the one chosen or searches the text, Escape closes the list (and then clears).
 * On windows too narrow for the field beside the links, a search button opens it over the whole bar.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** the field over the bar, on narrow windows */
  const [shown, setShown] = useState(false);
  const suggestions = useSuggestions(text);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const formId = useId();
  const expanded = open && suggestions.length > 0;
  const current = expanded ? suggestions[active] : undefined;

  useEffect(() => {
    if (shown) inputRef.current?.focus();
  }, [shown]);

  const hide = () => {
    setShown(false);
    toggleRef.current?.focus();
  };
  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    setShown(false);
    inputRef.current?.blur();
    navigate(href);
  };
  const submit = () => {
    if (current) go(current.href);
    else if (text.trim()) go(paths.search(text.trim()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setOpen(true);
      const count = suggestions.length;
      // -1 is the text itself, between the last option and the first
      if (count > 0) setActive((i) => ((i + 1 + move + count + 1) % (count + 1)) - 1);
    } else if (event.key === 'Escape') {
      // a search field's own Escape empties it: only once the list is closed
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else if (text) setText('');
      else if (shown) hide();
      setActive(-1);
    }
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="search-toggle"
        aria-expanded={shown}
        aria-controls={formId}
        onClick={() => setShown(true)}
      >
        <SearchIcon />
        <span className="visually-hidden">Search</span>
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some of the shop's browsers */}
      <form
        id={formId}
        role="search"
        className={shown ? 'search-box is-shown' : 'search-box'}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <button type="button" className="search-close" onClick={hide}>
          <CloseIcon />
          <span className="visually-hidden">Close search</span>
        </button>
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label={LABEL}
          placeholder={LABEL}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={current ? `${listId}${current.id}` : undefined}
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="search-suggestions"
          hidden={!expanded}
        >
          {suggestions.map((s, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the focus stays in the combobox's input, which handles the keys (aria-activedescendant)
            <div
              key={s.id}
              id={`${listId}${s.id}`}
              role="option"
              aria-selected={index === active}
              className="search-suggestion"
              // keeps the focus in the input, so the click lands before the list closes
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(s.href)}
            >
              {s.photo && <img src={s.photo} alt="" width={40} height={50} loading="lazy" />}
              <span className="search-suggestion-text">{s.text}</span>
              <span className="search-suggestion-detail">{s.detail}</span>
            </div>
          ))}
        </div>
      </form>
    </>
  );
}
