import type { Coupon } from '../../../../../contract/coupons.ts';
import { MAX_OFFER_TITLE_LENGTH, MAX_PERCENT_OFF } from '../../../../../contract/offers-constants.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import type { FieldErrors } from '../../api/useSave.ts';
import { CheckField, controlProps, Field } from '../../components/Field.tsx';
import { FieldGroup } from '../../components/FieldGroup.tsx';
import { type CouponDraft, type CouponKind, couponBodyOf, couponDraftOf } from './drafts.ts';
import { OfferForm, type OwnFields } from './OfferForm.tsx';
import type { ScopeChoices } from './ScopePicker.tsx';

interface Props {
  /** the coupon edited; none to create one */
  coupon: Coupon | undefined;
  choices: ScopeChoices;
  onSaved: (coupon: Coupon) => void;
  /** "Cancel" of an edit */
  onDone: () => void;
}

const KINDS: { kind: CouponKind; label: string }[] = [
  { kind: 'flat', label: 'Rupees off the bag' },
  { kind: 'percent', label: 'A percentage off, up to a largest saving' },
];

type NumberKey = 'value' | 'maxDiscount' | 'minBag' | 'totalUses' | 'perShopper';

/** The number fields, by kind where the words differ. */
const numberLabel = (key: NumberKey, kind: CouponKind): string =>
  ({
    value: kind === 'percent' ? `Percent off (1 to ${MAX_PERCENT_OFF})` : 'Rupees off',
    maxDiscount: 'Largest saving in rupees (optional)',
    minBag: 'Smallest bag value in rupees (optional)',
    totalUses: 'Uses in all (empty: no limit)',
    perShopper: 'Uses per shopper',
  })[key];

/** Creates a coupon code, or changes one. */
export function CouponForm({ coupon, choices, onSaved, onDone }: Props) {
  return (
    <OfferForm
      title={coupon ? `Edit ${coupon.code}` : 'Create a coupon'}
      saveLabel={coupon ? 'Save' : 'Create coupon'}
      initial={couponDraftOf(coupon)}
      fields={[
        'code',
        'title',
        'kind',
        'value',
        'maxDiscount',
        'minBag',
        'totalUses',
        'perShopper',
        'firstOrderOnly',
        'onSalePrices',
      ]}
      bodyOf={couponBodyOf}
      send={(body) =>
        coupon
          ? api.put<Coupon>(apiPaths.coupon(coupon.id), body)
          : api.post<Coupon>(apiPaths.coupons(), body)
      }
      choices={choices}
      onCancel={coupon && onDone}
      onSaved={onSaved}
    >
      {(own) => <CouponFields {...own} />}
    </OfferForm>
  );
}

function CouponFields({ draft, set, errors, idOf }: OwnFields<CouponDraft>) {
  const text = (key: 'code' | 'title' | NumberKey, label: string, numeric: boolean) => (
    <Field key={key} id={idOf(key)} label={label} error={errors[key]}>
      <input
        {...controlProps(idOf(key), errors[key])}
        type="text"
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        autoCapitalize={key === 'code' ? 'characters' : undefined}
        maxLength={key === 'title' ? MAX_OFFER_TITLE_LENGTH : undefined}
        value={draft[key]}
        onChange={(event) => set({ [key]: event.target.value })}
      />
    </Field>
  );
  const numbers: NumberKey[] =
    draft.kind === 'percent'
      ? ['value', 'maxDiscount', 'minBag', 'totalUses', 'perShopper']
      : ['value', 'minBag', 'totalUses', 'perShopper'];
  return (
    <>
      {text('code', 'Code shoppers type: 4 to 20 letters and digits', false)}
      {text('title', 'Title shoppers see, as in Flat ₹200 off', false)}
      <KindChoice kind={draft.kind} onChoose={(kind) => set({ kind })} id={idOf('kind')} errors={errors} />
      {numbers.map((key) => text(key, numberLabel(key, draft.kind), true))}
      <CheckField
        id={idOf('firstOrderOnly')}
        label="Only on a shopper's first order"
        error={errors.firstOrderOnly}
        checked={draft.firstOrderOnly}
        onChange={(firstOrderOnly) => set({ firstOrderOnly })}
      />
      <CheckField
        id={idOf('onSalePrices')}
        label="Also on products already at a sale price"
        error={errors.onSalePrices}
        checked={draft.onSalePrices}
        onChange={(onSalePrices) => set({ onSalePrices })}
      />
    </>
  );
}

interface KindProps {
  id: string;
  kind: CouponKind;
  onChoose: (kind: CouponKind) => void;
  errors: FieldErrors;
}

/** Flat or percentage, as two radio buttons in a group that takes the focus when refused. */
function KindChoice({ id, kind, onChoose, errors }: KindProps) {
  return (
    <FieldGroup id={id} legend="What it takes off" error={errors.kind}>
      {KINDS.map((choice) => (
        <label key={choice.kind} className="admin-check">
          <input
            type="radio"
            name={id}
            checked={kind === choice.kind}
            onChange={() => onChoose(choice.kind)}
          />
          {choice.label}
        </label>
      ))}
    </FieldGroup>
  );
}
