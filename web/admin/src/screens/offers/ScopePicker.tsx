import { errorAt, type FieldErrors } from '../../api/useSave.ts';
import { CheckField, controlProps, Field } from '../../components/Field.tsx';
import { FieldGroup } from '../../components/FieldGroup.tsx';
import { type GenrePair, type ScopeDraft, sameGenre } from './drafts.ts';

/** What an offer may cover: the shop's segments and their genres (apparel on sale), and its sellers. */
export interface ScopeChoices {
  segments: string[];
  genres: GenrePair[];
  sellers: string[];
}

interface Props {
  /** the form's id: the picker's controls are `${id}-scope...` */
  id: string;
  value: ScopeDraft;
  onChange: (scope: ScopeDraft) => void;
  choices: ScopeChoices;
  errors: FieldErrors;
}

/** The scope's parts in the order the picker shows them, each before the whole (errors name parts). */
export const SCOPE_FIELDS = [
  'scope.segments',
  'scope.genres',
  'scope.sellers',
  'scope.crafts',
  'scope.productIds',
  'scope',
];

/**
 * What a sale or a coupon covers, in the owner's words: everything, or any of segments, genres, the
 * crafts, sellers and chosen products (a product is covered when any part names it). Names the offer
 * already covers stay listed, ticked, even when the shop no longer shows them.
 */
export function ScopePicker({ id, value, onChange, choices, errors }: Props) {
  const set = (change: Partial<ScopeDraft>) => onChange({ ...value, ...change });
  const scopeId = `${id}-scope`;
  return (
    <FieldGroup id={scopeId} legend="What it covers" error={errors.scope}>
      <label className="admin-check">
        <input type="radio" name={scopeId} checked={value.all} onChange={() => set({ all: true })} />
        Everything in the shop
      </label>
      <label className="admin-check">
        <input type="radio" name={scopeId} checked={!value.all} onChange={() => set({ all: false })} />
        Only what I choose
      </label>
      {!value.all && (
        <div className="admin-form-grid">
          <Checklist
            id={`${scopeId}-segments`}
            legend="Segments (all their genres)"
            options={withChosen(choices.segments, value.segments, (a, b) => a === b)}
            chosen={value.segments}
            same={(a, b) => a === b}
            label={(segment) => segment}
            onChange={(segments) => set({ segments })}
            error={errorAt(errors, 'scope.segments')}
          />
          <Checklist
            id={`${scopeId}-genres`}
            legend="Genres"
            options={withChosen(choices.genres, value.genres, sameGenre)}
            chosen={value.genres}
            same={sameGenre}
            label={(pair) => `${pair.userSegment}: ${pair.genre}`}
            onChange={(genres) => set({ genres })}
            error={errorAt(errors, 'scope.genres')}
          />
          <Checklist
            id={`${scopeId}-sellers`}
            legend="Sellers (all their products)"
            options={withChosen(choices.sellers, value.sellers, (a, b) => a === b)}
            chosen={value.sellers}
            same={(a, b) => a === b}
            label={(seller) => seller}
            onChange={(sellers) => set({ sellers })}
            error={errorAt(errors, 'scope.sellers')}
          />
          <div className="admin-field-wide">
            <CheckField
              id={`${scopeId}-crafts`}
              label="Crafts (all accessories)"
              checked={value.crafts}
              onChange={(crafts) => set({ crafts })}
              error={errorAt(errors, 'scope.crafts')}
            />
          </div>
          <Field
            id={`${scopeId}-productIds`}
            label="Product ids, separated by commas (as in the Products list)"
            error={errorAt(errors, 'scope.productIds')}
            className="admin-field-wide"
          >
            <input
              {...controlProps(`${scopeId}-productIds`, errorAt(errors, 'scope.productIds'))}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="12, 40, 41"
              value={value.productIds}
              onChange={(event) => set({ productIds: event.target.value })}
            />
          </Field>
        </div>
      )}
    </FieldGroup>
  );
}

/** The shop's names, and after them any the offer covers that the shop no longer lists. */
function withChosen<T>(options: T[], chosen: T[], same: (a: T, b: T) => boolean): T[] {
  return [...options, ...chosen.filter((item) => !options.some((option) => same(option, item)))];
}

interface ChecklistProps<T> {
  /** the group's id, the target of its error's focus */
  id: string;
  legend: string;
  options: T[];
  chosen: T[];
  same: (a: T, b: T) => boolean;
  label: (item: T) => string;
  onChange: (chosen: T[]) => void;
  error: string | undefined;
}

/** Boxes to tick, one per name, as a labelled group with the server's message for it. */
function Checklist<T>({ id, legend, options, chosen, same, label, onChange, error }: ChecklistProps<T>) {
  const isChosen = (item: T) => chosen.some((c) => same(c, item));
  return (
    // across the form, so that a long list of names takes columns rather than the page's length
    <FieldGroup id={id} legend={legend} error={error}>
      {options.length === 0 ? (
        <p className="admin-details">None in the shop yet.</p>
      ) : (
        <ul className="admin-checklist">
          {options.map((item) => (
            <li key={label(item)}>
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={isChosen(item)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...chosen, item] : chosen.filter((c) => !same(c, item)))
                  }
                />
                {label(item)}
              </label>
            </li>
          ))}
        </ul>
      )}
    </FieldGroup>
  );
}
