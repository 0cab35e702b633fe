import { type ChangeEvent, useState } from 'react';
import type { HomeResponse } from '../../../../../contract/catalogue.ts';
import { MAX_TEXT, MAX_TITLE, type WindowLink } from '../../../../../contract/shop-window-constants.ts';
import { uploadPhoto } from '../../api/photos.ts';
import { failureMessage } from '../../api/useLoad.ts';
import { errorAt, type FieldErrors } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import type { DraftItem, Kind } from './draft.ts';

const KIND_NAMES: Record<WindowLink['kind'], string> = {
  listing: 'A genre (its listing)',
  crafts: 'The crafts',
  product: 'One product',
  search: 'A search',
};

const pairValue = (userSegment: string, genre: string) => JSON.stringify([userSegment, genre]);

/** The link a kind starts with when the owner picks it. */
function firstLink(kind: WindowLink['kind'], pairs: HomeResponse): WindowLink {
  const pair = pairs[0];
  if (kind === 'listing') return { kind, userSegment: pair?.userSegment ?? '', genre: pair?.genre ?? '' };
  if (kind === 'product') return { kind, productId: 0 };
  if (kind === 'search') return { kind, q: '' };
  return { kind: 'crafts' };
}

interface Props {
  kind: Kind;
  index: number;
  item: DraftItem;
  /** GET /home: the genres with something on sale */
  pairs: HomeResponse;
  errors: FieldErrors;
  onChange: (item: DraftItem) => void;
}

/** A slide's or tile's fields: title, a slide's text, its photo, and where it leads. */
export function ItemFields({ kind, index, item, pairs, errors, onChange }: Props) {
  const id = `${kind}-${index}`;
  const at = (field: string) => errorAt(errors, `${kind}.${index}.${field}`);
  const [uploading, setUploading] = useState('');
  const set = (change: Partial<DraftItem>) => onChange({ ...item, ...change });
  const { link } = item;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploading('Uploading…');
    try {
      set({ photo: await uploadPhoto(file) });
      setUploading('');
    } catch (error) {
      setUploading(failureMessage(error, 'Uploading a photo failed'));
    } finally {
      input.value = '';
    }
  };

  const linkError = at('link');
  return (
    <div className="admin-form-grid">
      <Field id={`${id}-title`} label={`Title (up to ${MAX_TITLE} characters)`} error={at('title')}>
        <input
          {...controlProps(`${id}-title`, at('title'))}
          value={item.title}
          maxLength={MAX_TITLE}
          onChange={(event) => set({ title: event.target.value })}
        />
      </Field>
      {kind === 'slides' && (
        <Field id={`${id}-text`} label={`Text (up to ${MAX_TEXT} characters)`} error={at('text')}>
          <input
            {...controlProps(`${id}-text`, at('text'))}
            value={item.text}
            maxLength={MAX_TEXT}
            onChange={(event) => set({ text: event.target.value })}
          />
        </Field>
      )}
      <Field
        id={`${id}-photo`}
        label={kind === 'slides' ? 'Photo' : 'Photo (optional)'}
        error={uploading || at('photo')}
      >
        <input
          {...controlProps(`${id}-photo`, uploading || at('photo'))}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={upload}
        />
        {item.photo && (
          <span className="window-photo">
            <img src={`/images/${encodeURIComponent(item.photo)}?w=320`} alt="" width={72} height={96} />
            {kind === 'tiles' && (
              <button type="button" className="button" onClick={() => set({ photo: '' })}>
                No photo
              </button>
            )}
          </span>
        )}
      </Field>
      <Field id={`${id}-kind`} label="Leads to" error={linkError}>
        <select
          {...controlProps(`${id}-kind`, linkError)}
          value={link.kind}
          onChange={(event) => set({ link: firstLink(event.target.value as WindowLink['kind'], pairs) })}
        >
          {Object.entries(KIND_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      {link.kind === 'listing' && (
        <Field id={`${id}-genre`} label="Genre" error={undefined}>
          <select
            {...controlProps(`${id}-genre`, undefined)}
            value={pairValue(link.userSegment, link.genre)}
            onChange={(event) => {
              const [userSegment = '', genre = ''] = JSON.parse(event.target.value) as string[];
              set({ link: { kind: 'listing', userSegment, genre } });
            }}
          >
            {!pairs.some((p) => p.userSegment === link.userSegment && p.genre === link.genre) && (
              <option value={pairValue(link.userSegment, link.genre)}>
                {`${link.userSegment} ${link.genre} (nothing on sale)`}
              </option>
            )}
            {pairs.map((p) => (
              <option key={pairValue(p.userSegment, p.genre)} value={pairValue(p.userSegment, p.genre)}>
                {`${p.userSegment} ${p.genre}`}
              </option>
            ))}
          </select>
        </Field>
      )}
      {link.kind === 'product' && (
        <Field id={`${id}-product`} label="Product number (as in Products)" error={undefined}>
          <input
            {...controlProps(`${id}-product`, undefined)}
            inputMode="numeric"
            value={link.productId > 0 ? String(link.productId) : ''}
            onChange={(event) =>
              set({
                link: { kind: 'product', productId: Number(event.target.value.replace(/\D/g, '')) || 0 },
              })
            }
          />
        </Field>
      )}
      {link.kind === 'search' && (
        <Field id={`${id}-search`} label="Search for" error={undefined}>
          <input
            {...controlProps(`${id}-search`, undefined)}
            value={link.q}
            onChange={(event) => set({ link: { kind: 'search', q: event.target.value } })}
          />
        </Field>
      )}
    </div>
  );
}
