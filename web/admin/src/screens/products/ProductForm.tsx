import { type FormEvent, useId, useState } from 'react';
import { FEATURE_LABELS } from '../../../../../contract/catalogue-constants.ts';
import type { CategoryTree } from '../../../../../contract/categories.ts';
import type { AdminProduct, CatalogueChoices } from '../../../../../contract/products.ts';
import {
  EDITABLE_FEATURES,
  type EditableFeature,
  PARCEL_FIELDS,
  PARCEL_LIMITS,
  type ParcelField,
} from '../../../../../contract/products-constants.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { failureMessage } from '../../api/useLoad.ts';
import { fieldErrorsOf } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { bodyOf, type Draft, discountOf, draftOf, emptyDraft, type FieldErrors, isUnsized } from './draft.ts';
import { PhotosField } from './PhotosField.tsx';
import { SizesField } from './SizesField.tsx';

/** "sleeve size" would share a word with the sizes' "Size": the form calls it "Sleeve". */
const featureLabel = (key: EditableFeature) => {
  const label = key === 'sleeveSize' ? 'sleeve' : (FEATURE_LABELS[key] ?? key);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** Each field as the form's label names it, so a refusal reads "Segment", never "userSegment". */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  prod: 'Section',
  userSegment: 'Segment',
  genre: 'Genre',
  description: 'Description',
  color: 'Colour',
  hsnCode: 'HSN code',
  mrp: 'MRP',
  price: 'Selling price',
  partner: 'Delivery partner',
  seller: 'Seller',
  sizes: 'Sizes',
  photos: 'Photos',
  weightGrams: 'Weight',
  lengthCm: 'Length',
  breadthCm: 'Breadth',
  heightCm: 'Height',
};

/** The parcel fields' labels, with their units. */
const PARCEL_LABELS: Record<ParcelField, string> = {
  weightGrams: 'Weight (g)',
  lengthCm: 'Length (cm)',
  breadthCm: 'Breadth (cm)',
  heightCm: 'Height (cm)',
};

const labelOf = (field: string) => {
  const feature = /^features\.(.+)$/.exec(field)?.[1];
  if (feature) return featureLabel(feature as EditableFeature);
  return FIELD_LABELS[field] ?? FIELD_LABELS[field.split('.')[0] ?? ''] ?? field;
};

/** "Please correct: Segment, Seller" */
const pleaseCorrect = (errors: FieldErrors) =>
  `Please correct: ${[...new Set(Object.keys(errors).map(labelOf))].join(', ')}`;

interface Props {
  /** the product edited; none for a new one */
  product: AdminProduct | undefined;
  choices: CatalogueChoices;
  /** the owner's categories: the menu's segments and genres, and which genres are one-size */
  tree: CategoryTree;
  onSaved: (product: AdminProduct) => void;
  /** a field changed since the last save */
  onEdited: () => void;
}

/**
 * A product as the owner edits it. "Save" sends it whole; the server's field errors show beside their
 * fields and nothing changes.
 */
export function ProductForm({ product, choices, tree, onSaved, onEdited }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => (product ? draftOf(product) : emptyDraft()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const change = (part: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...part }));
    onEdited();
  };
  const text = (field: keyof Draft) => ({
    ...controlProps(`${id}-${field}`, errors[field]),
    value: draft[field] as string,
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
  });
  const discount = discountOf(draft);
  const unsized = isUnsized(draft, tree);
  // the tree's names first, in menu order; the chosen segment's genres, else every genre in use
  const segmentNames = [...new Set([...tree.segments.map((s) => s.name), ...choices.segments])];
  const treeGenres = tree.segments
    .find((s) => s.name.toLowerCase() === draft.userSegment.trim().toLowerCase())
    ?.genres.map((g) => g.name);
  const genreNames = treeGenres?.length ? treeGenres : choices.genres;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = bodyOf(draft, unsized);
    if ('errors' in built) {
      setErrors(built.errors);
      setMessage(pleaseCorrect(built.errors));
      return;
    }
    setBusy(true);
    try {
      const saved = product
        ? await api.put<AdminProduct>(apiPaths.product(product.id), built.body)
        : await api.post<AdminProduct>(apiPaths.products(), built.body);
      setErrors({});
      setMessage('');
      setDraft(draftOf(saved));
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields ?? {});
      setMessage(fields ? pleaseCorrect(fields) : failureMessage(error, 'Saving the product failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form-grid" onSubmit={save} noValidate>
      <datalist id={`${id}-segments`}>
        {segmentNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id={`${id}-genres`}>
        {genreNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>

      <Field id={`${id}-name`} label="Name" error={errors.name} className="admin-field-wide">
        <input {...text('name')} maxLength={200} />
      </Field>
      <Field id={`${id}-prod`} label="Section" error={errors.prod}>
        <select
          {...controlProps(`${id}-prod`, errors.prod)}
          value={draft.prod}
          onChange={(event) => change({ prod: event.target.value as Draft['prod'] })}
        >
          <option value="apparel">apparel</option>
          <option value="accessories">accessories</option>
        </select>
      </Field>
      <Field id={`${id}-userSegment`} label="Segment" error={errors.userSegment}>
        <input {...text('userSegment')} list={`${id}-segments`} maxLength={60} />
      </Field>
      <Field id={`${id}-genre`} label="Genre" error={errors.genre}>
        <input {...text('genre')} list={`${id}-genres`} maxLength={60} />
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        error={errors.description}
        className="admin-field-wide"
      >
        <textarea {...text('description')} rows={5} maxLength={5000} />
      </Field>
      <Field id={`${id}-color`} label="Colour" error={errors.color}>
        <input {...text('color')} maxLength={40} />
      </Field>

      <fieldset className="admin-fieldset admin-field-wide">
        <legend>Features shoppers filter by</legend>
        <p className="admin-details">Several values: separate them with commas.</p>
        <div className="admin-form-grid">
          {EDITABLE_FEATURES.map((key) => {
            const field = `features.${key}`;
            return (
              <Field key={key} id={`${id}-${key}`} label={featureLabel(key)} error={errors[field]}>
                <input
                  {...controlProps(`${id}-${key}`, errors[field])}
                  value={draft.features[key]}
                  onChange={(event) => change({ features: { ...draft.features, [key]: event.target.value } })}
                />
              </Field>
            );
          })}
        </div>
      </fieldset>

      <Field id={`${id}-hsnCode`} label="HSN code" error={errors.hsnCode}>
        <input {...text('hsnCode')} inputMode="numeric" maxLength={8} />
      </Field>
      <Field id={`${id}-mrp`} label="MRP (₹)" error={errors.mrp}>
        <input {...text('mrp')} inputMode="numeric" />
      </Field>
      <Field id={`${id}-price`} label="Selling price (₹)" error={errors.price}>
        <input {...text('price')} inputMode="numeric" />
      </Field>
      <p className="admin-discount" role="status">
        {discount === null ? '' : `Discount: ${discount}%`}
      </p>
      {(
        [
          ['partner', 'Delivery partner', choices.partners],
          ['seller', 'Seller', choices.sellers],
        ] as const
      ).map(([field, label, names]) => (
        <Field key={field} id={`${id}-${field}`} label={label} error={errors[field]}>
          <select {...text(field)}>
            <option value="">Choose…</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            {/* the choices offer active sellers: a product keeps showing its own while it is deactivated */}
            {draft[field] && !names.includes(draft[field]) && (
              <option value={draft[field]}>{`${draft[field]} (deactivated)`}</option>
            )}
          </select>
        </Field>
      ))}

      <fieldset className="admin-fieldset admin-field-wide">
        <legend>Parcel: one unit, packed</legend>
        <p className="admin-details">
          What courier bookings send. Left empty: 500 g in a folded garment's box (30 × 25 × 5 cm).
        </p>
        <div className="admin-form-grid">
          {PARCEL_FIELDS.map((key) => (
            <Field key={key} id={`${id}-${key}`} label={PARCEL_LABELS[key]} error={errors[key]}>
              <input
                {...controlProps(`${id}-${key}`, errors[key])}
                inputMode="numeric"
                placeholder={`${PARCEL_LIMITS[key].min} to ${PARCEL_LIMITS[key].max}`}
                value={draft.parcel[key]}
                onChange={(event) => change({ parcel: { ...draft.parcel, [key]: event.target.value } })}
              />
            </Field>
          ))}
        </div>
      </fieldset>

      <div className="admin-field-wide">
        <SizesField
          id={`${id}-sizes`}
          draft={draft}
          unsized={unsized}
          error={errors.sizes}
          onChange={change}
        />
      </div>
      <div className="admin-field-wide">
        <PhotosField
          id={`${id}-photos`}
          photos={draft.photos}
          error={errors.photos}
          onChange={(photos) => change({ photos })}
        />
      </div>

      <div className="admin-field-wide admin-save">
        <button type="submit" className="button button-primary" disabled={busy}>
          Save
        </button>
        <p className="admin-form-message" role="alert">
          {message}
        </p>
      </div>
    </form>
  );
}
