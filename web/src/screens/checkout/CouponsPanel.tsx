import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { BagCouponsResponse } from '../../../../contract/coupons.ts';
import { formatRupees } from '../../../../contract/money.ts';
import type { PurchasePageResponse } from '../../../../contract/shopping.ts';

interface Props {
  /** the coupons for this bag, best saving first; undefined when they could not be listed */
  coupons: BagCouponsResponse | undefined;
  applied: PurchasePageResponse['coupon'];
  busy: boolean;
  /** each answers the refusal to show under the field, or undefined */
  onApply: (code: string) => Promise<string | undefined>;
  onRemove: () => Promise<string | undefined>;
}

const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * The bag's coupons: the one applied with Remove, a field for a typed code, the coupons that
 * fit this bag with what each saves (tap to apply), and those that do not fit yet with the reason.
 * Focus follows the change: to Remove once a coupon is on, to the field once it is off.
 */
export function CouponsPanel({ coupons, applied, busy, onApply, onRemove }: Props) {
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'remove' | 'field' | undefined>(undefined);
  const appliedCode = applied?.code;

  useEffect(() => {
    if (focusNext.current === 'remove' && appliedCode) remove.current?.focus();
    if (focusNext.current === 'field' && !appliedCode) field.current?.focus();
    focusNext.current = undefined;
  }, [appliedCode]);

  const apply = async (typed: string) => {
    if (busy) return;
    focusNext.current = 'remove';
    const refusal = await onApply(typed);
    setError(refusal);
    if (refusal) focusNext.current = undefined;
    else setCode('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '') {
      setError('Please enter a coupon code');
      return;
    }
    void apply(typed);
  };

  const takeOff = async () => {
    if (busy) return;
    focusNext.current = 'field';
    const refusal = await onRemove();
    setError(refusal);
  };

  const fitting = coupons?.filter((coupon) => coupon.applicable) ?? [];
  const notYet = coupons?.filter((coupon) => !coupon.applicable) ?? [];

  return (
    <section className="coupons" aria-labelledby={titleId} aria-busy={busy}>
      <h3 id={titleId} className="coupons-title">
        COUPONS
      </h3>
      {applied && (
        <div className="coupon-applied">
          <p>
            <strong>{applied.code}</strong> applied: {applied.title}. You save{' '}
            <strong>{formatRupees(applied.saving)}</strong>
          </p>
          <button
            ref={remove}
            type="button"
            className="button"
            aria-label={`Remove coupon ${applied.code}`}
            aria-disabled={busy}
            onClick={takeOff}
          >
            Remove
          </button>
        </div>
      )}
      <form className="coupon-form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className="coupon-label">
          Coupon code
        </label>
        <div className="coupon-row">
          <input
            ref={field}
            id={fieldId}
            className="text-input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => {
              setCode(event.target.value);
              setError(undefined);
            }}
          />
          <button type="submit" className="button" aria-disabled={busy}>
            Apply
          </button>
        </div>
        <p id={errorId} className="coupon-error" role="alert">
          {error}
        </p>
      </form>
      <CouponList title="For this bag" coupons={fitting} applied={appliedCode} onApply={apply} />
      <CouponList title="Not for this bag yet" coupons={notYet} applied={appliedCode} onApply={apply} />
    </section>
  );
}

interface ListProps {
  title: string;
  coupons: BagCouponsResponse;
  applied: string | undefined;
  onApply: (code: string) => void;
}

/** One group of coupons; nothing when it has none. */
function CouponList({ title, coupons, applied, onApply }: ListProps) {
  const titleId = useId();
  if (coupons.length === 0) return null;
  return (
    <>
      <h4 id={titleId} className="coupon-group">
        {title}
      </h4>
      <ul className="coupon-list" aria-labelledby={titleId}>
        {coupons.map((coupon) => (
          <li key={coupon.code} className="coupon">
            <div className="coupon-offer">
              <p className="coupon-code">{coupon.code}</p>
              <p>{coupon.title}</p>
              {coupon.applicable ? (
                <p className="coupon-saving">Save {formatRupees(coupon.saving)}</p>
              ) : (
                <p className="coupon-reason">{coupon.reason}</p>
              )}
            </div>
            {coupon.applicable &&
              (applied && sameCode(applied, coupon.code) ? (
                <p className="coupon-on">Applied</p>
              ) : (
                <button
                  type="button"
                  className="button"
                  aria-label={`Apply ${coupon.code}`}
                  onClick={() => onApply(coupon.code)}
                >
                  Apply
                </button>
              ))}
          </li>
        ))}
      </ul>
    </>
  );
}
