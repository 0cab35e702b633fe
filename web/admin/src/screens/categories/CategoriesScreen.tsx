import { type FormEvent, useCallback, useId, useState } from 'react';
import {
  CATEGORY_NAME_MAX,
  type CategoryTree,
  type CategoryTreeBody,
} from '../../../../../contract/categories.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { useSave } from '../../api/useSave.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { Loading } from '../../components/Loading.tsx';
import { plural } from '../../lib/format.ts';
import './CategoriesScreen.css';

type Segment = CategoryTree['segments'][number];

/** The list with the item at `from` moved one place up (-1) or down (+1). */
function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

const bodyOf = (segments: Segment[]): CategoryTreeBody => ({
  segments: segments.map((s) => ({
    name: s.name,
    genres: s.genres.map(({ name, oneSize }) => ({ name, oneSize })),
  })),
});

interface MoveProps {
  what: string;
  at: number;
  count: number;
  onMove: (by: -1 | 1) => void;
}

/** Up and down, named for what they move (a screen reader hears "Move Home up"). */
function MoveButtons({ what, at, count, onMove }: MoveProps) {
  return (
    <>
      <button type="button" className="button" disabled={at === 0} onClick={() => onMove(-1)}>
        Up<span className="visually-hidden"> {what}</span>
      </button>
      <button type="button" className="button" disabled={at === count - 1} onClick={() => onMove(1)}>
        Down<span className="visually-hidden"> {what}</span>
      </button>
    </>
  );
}

interface AddProps {
  id: string;
  label: string;
  button: string;
  /** the names already there, which are not added twice (the shop matches them regardless of case) */
  names: string[];
  onAdd: (name: string) => void;
}

/** A name and its Add button: the name goes into the draft, saved with the rest. */
function AddName({ id, label, button, names, onAdd }: AddProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const add = () => {
    const wanted = name.trim();
    if (wanted === '') return;
    if (names.some((n) => n.toLowerCase() === wanted.toLowerCase())) {
      setError(`${wanted} is already there`);
      return;
    }
    onAdd(wanted);
    setName('');
    setError('');
  };
  return (
    <div className="admin-category-add">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-describedby={`${id}-error`}
        value={name}
        maxLength={CATEGORY_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          add();
        }}
      />
      <button type="button" className="button" onClick={add}>
        {button}
      </button>
      <p id={`${id}-error`} className="admin-field-error">
        {error}
      </p>
    </div>
  );
}

/** The tree as a draft: reordered, added to and saved whole; the saved tree (with its counts) replaces it. */
function TreeEditor({ tree }: { tree: CategoryTree }) {
  const id = useId();
  const [segments, setSegments] = useState<Segment[]>(tree.segments);
  const { errors, message, busy, save } = useSave<CategoryTree>('Saving the categories failed', {
    onSaved: (saved) => setSegments(saved.segments),
    done: 'Saved: the categories',
  });
  const changeSegment = (at: number, change: (segment: Segment) => Segment) =>
    setSegments(segments.map((s, i) => (i === at ? change(s) : s)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(() => api.put<CategoryTree>(apiPaths.categories(), bodyOf(segments)));
  };

  return (
    <form className="admin-categories" onSubmit={submit} noValidate>
      {segments.length === 0 && <p className="admin-empty">No segments yet: add the first below.</p>}
      {segments.map((segment, s) => (
        <section key={segment.name} className="admin-card admin-category" aria-labelledby={`${id}-s${s}`}>
          <div className="admin-category-head">
            <h2 id={`${id}-s${s}`}>{segment.name}</h2>
            <div className="admin-actions">
              <MoveButtons
                what={segment.name}
                at={s}
                count={segments.length}
                onMove={(by) => setSegments(moved(segments, s, by))}
              />
              {segment.genres.every((g) => g.products === 0) && (
                <button
                  type="button"
                  className="button"
                  onClick={() => setSegments(segments.filter((_, i) => i !== s))}
                >
                  Remove<span className="visually-hidden"> {segment.name}</span>
                </button>
              )}
            </div>
          </div>
          <p className="admin-field-error">{errors[`segments.${s}.name`]}</p>
          {segment.genres.length === 0 ? (
            <p className="admin-details">No genres yet.</p>
          ) : (
            <ul className="admin-category-genres">
              {segment.genres.map((genre, g) => {
                const at = `segments.${s}.genres.${g}`;
                const what = `${segment.name} ${genre.name}`;
                const error = errors[`${at}.name`] ?? errors[`${at}.oneSize`];
                const setGenres = (genres: Segment['genres']) => changeSegment(s, (x) => ({ ...x, genres }));
                return (
                  <li key={genre.name}>
                    <span className="admin-category-name">{genre.name}</span>
                    <span className="admin-details">
                      {plural(genre.products, 'product', 'products')} on sale
                    </span>
                    <label className="admin-check">
                      <input
                        type="checkbox"
                        checked={genre.oneSize}
                        aria-describedby={`${id}-${at}-error`}
                        onChange={(event) =>
                          setGenres(
                            segment.genres.map((x, i) =>
                              i === g ? { ...x, oneSize: event.target.checked } : x,
                            ),
                          )
                        }
                      />
                      One size<span className="visually-hidden"> {what}</span>
                    </label>
                    <div className="admin-actions">
                      <MoveButtons
                        what={what}
                        at={g}
                        count={segment.genres.length}
                        onMove={(by) => setGenres(moved(segment.genres, g, by))}
                      />
                      {genre.products === 0 && (
                        <button
                          type="button"
                          className="button"
                          onClick={() => setGenres(segment.genres.filter((_, i) => i !== g))}
                        >
                          Remove<span className="visually-hidden"> {what}</span>
                        </button>
                      )}
                    </div>
                    <p id={`${id}-${at}-error`} className="admin-field-error">
                      {error}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
          <AddName
            id={`${id}-add-genre-${s}`}
            label={`New genre in ${segment.name}`}
            button="Add genre"
            names={segment.genres.map((g) => g.name)}
            onAdd={(name) =>
              changeSegment(s, (x) => ({
                ...x,
                genres: [...x.genres, { name, oneSize: false, products: 0 }],
              }))
            }
          />
        </section>
      ))}
      <AddName
        id={`${id}-add-segment`}
        label="New segment (Home, say)"
        button="Add segment"
        names={segments.map((x) => x.name)}
        onAdd={(name) => setSegments([...segments, { name, genres: [] }])}
      />
      <FormActions busy={busy} label="Save categories" message={message} />
    </form>
  );
}

/**
 * Categories: the shop's segments (Women, Men, Home, ...) and each one's genres, in the order the shop's
 * menu and home page show them. The owner or staff add segments and genres, mark a genre one-size
 * (bedsheets, dupattas: one stock, no size to choose), reorder them and save; a genre with products stays.
 */
export function CategoriesScreen() {
  usePageTitle('Categories');
  const request = useCallback(
    (signal?: AbortSignal) => api.get<CategoryTree>(apiPaths.categories(), { signal }),
    [],
  );
  const { state, retry } = useLoad(request, 'Loading the categories failed');
  return (
    <>
      <h1 className="admin-title">Categories</h1>
      <p className="admin-details">
        The shop’s menu and home page list the segments and genres in this order, each genre once something is
        on sale in it. A product naming a segment or genre that is not here adds it at the end.
      </p>
      <Loading state={state} onRetry={retry}>
        {(tree) => <TreeEditor tree={tree} />}
      </Loading>
    </>
  );
}
