import { type FormEvent, useCallback, useState } from 'react';
import type { HomeResponse } from '../../../../../contract/catalogue.ts';
import type { AdminShopWindow, WindowLink } from '../../../../../contract/shop-window.ts';
import { MAX_SLIDES, MAX_TILES } from '../../../../../contract/shop-window-constants.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { type FieldErrors, useSave } from '../../api/useSave.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { Loading } from '../../components/Loading.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { moved } from '../../lib/lists.ts';
import { bodyOf, type Draft, type DraftItem, draftOf, type Kind, newItem } from './draft.ts';
import { ItemFields } from './ItemFields.tsx';
import { WindowPreview } from './WindowPreview.tsx';
import './shop-window.css';

interface Loaded {
  saved: AdminShopWindow;
  pairs: HomeResponse;
}

/**
 * The home page's window: the hero slides and the tiles below them, each with its photo, title and where
 * it leads, in the owner's order, with a preview at a phone's and a desktop's width. A slide or tile that
 * leads to nothing on sale is kept but not shown until something is; with no tiles the shop builds them
 * from its genres on sale.
 */
export function ShopWindowScreen() {
  usePageTitle('Home page');
  const request = useCallback(async (signal?: AbortSignal) => {
    const [saved, pairs] = await Promise.all([
      api.get<AdminShopWindow>(apiPaths.shopWindow(), { signal }),
      api.get<HomeResponse>(apiPaths.home(), { signal }),
    ]);
    return { saved, pairs };
  }, []);
  const { state, retry } = useLoad<Loaded>(request, 'Loading the home page failed');
  return (
    <>
      <h1 className="admin-title">Home page</h1>
      <Loading state={state} onRetry={retry}>
        {({ saved, pairs }) => <WindowForm saved={saved} pairs={pairs} />}
      </Loading>
    </>
  );
}

function WindowForm({ saved, pairs }: Loaded) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const { errors, message, busy, save } = useSave<AdminShopWindow>('Saving the home page failed', {
    onSaved: (answer) => setDraft(draftOf(answer)),
    done: 'Saved: the home page',
  });
  const firstLink: WindowLink = pairs[0]
    ? { kind: 'listing', userSegment: pairs[0].userSegment, genre: pairs[0].genre }
    : { kind: 'search', q: '' };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save(() => api.put<AdminShopWindow>(apiPaths.shopWindow(), bodyOf(draft)));
  };
  const setItems = (kind: Kind, items: DraftItem[]) => setDraft((d) => ({ ...d, [kind]: items }));

  return (
    <form onSubmit={submit} noValidate aria-label="Home page">
      <h2 className="admin-form-title">Preview</h2>
      <WindowPreview draft={draft} />
      <ItemList
        kind="slides"
        title="Slides"
        help={`At the top of the home page, in turn: up to ${MAX_SLIDES}, each with a photo. None: no slides.`}
        max={MAX_SLIDES}
        items={draft.slides}
        pairs={pairs}
        errors={errors}
        onChange={(items) => setItems('slides', items)}
        onAdd={() => setItems('slides', [...draft.slides, newItem(firstLink)])}
      />
      <ItemList
        kind="tiles"
        title="Tiles"
        help={`Below the slides: up to ${MAX_TILES}. None: one tile per genre on sale, with a photo of it, then Crafts.`}
        max={MAX_TILES}
        items={draft.tiles}
        pairs={pairs}
        errors={errors}
        onChange={(items) => setItems('tiles', items)}
        onAdd={() => setItems('tiles', [...draft.tiles, newItem(firstLink)])}
      />
      <div className="admin-form-grid">
        <FormActions busy={busy} label="Save the home page" message={message} />
      </div>
    </form>
  );
}

interface ListProps {
  kind: Kind;
  title: string;
  help: string;
  max: number;
  items: DraftItem[];
  pairs: HomeResponse;
  errors: FieldErrors;
  onChange: (items: DraftItem[]) => void;
  onAdd: () => void;
}

function ItemList({ kind, title, help, max, items, pairs, errors, onChange, onAdd }: ListProps) {
  const one = kind === 'slides' ? 'Slide' : 'Tile';
  return (
    <section aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`} className="admin-form-title">
        {title}
      </h2>
      <p className="admin-details">{help}</p>
      <p className="admin-field-error">{errors[kind]}</p>
      <ol className="window-items">
        {items.map((item, i) => {
          const name = `${one} ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the owner's order; the fields follow the place
            <li key={i}>
              <fieldset className="admin-fieldset">
                <legend>
                  {name}{' '}
                  {item.shown !== undefined && (
                    <span className="admin-status">
                      {item.shown ? 'Shown' : 'Hidden: nothing on sale there'}
                    </span>
                  )}
                </legend>
                <ItemFields
                  kind={kind}
                  index={i}
                  item={item}
                  pairs={pairs}
                  errors={errors}
                  onChange={(changed) => onChange(items.map((it, j) => (j === i ? changed : it)))}
                />
                <div className="admin-actions">
                  {i > 0 && (
                    <RowAction
                      action="Move up"
                      what={name}
                      onClick={() => onChange(moved(items, i, i - 1))}
                    />
                  )}
                  {i < items.length - 1 && (
                    <RowAction
                      action="Move down"
                      what={name}
                      onClick={() => onChange(moved(items, i, i + 1))}
                    />
                  )}
                  <RowAction
                    action="Remove"
                    what={name}
                    onClick={() => onChange(items.filter((_, j) => j !== i))}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" disabled={items.length >= max} onClick={onAdd}>
        {`Add a ${one.toLowerCase()}`}
      </button>
    </section>
  );
}
