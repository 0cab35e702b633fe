import { useId } from 'react';
import { ACCOUNT_HOLDER_MAX } from '../../../../../contract/cod-constants.ts';
import type { RefundToProblems } from '../../../../../contract/refund-to.ts';
import './RefundToFields.css';

/** How the shopper wants a COD line's refund: to a UPI ID, or to a bank account. */
export type RefundWay = 'upi' | 'bank';

/** What the shopper typed, each part as typed. */
export interface RefundToInput {
  way: RefundWay;
  upiId: string;
  accountNumber: string;
  ifsc: string;
  accountHolder: string;
}

export const EMPTY_REFUND_TO: RefundToInput = {
  way: 'upi',
  upiId: '',
  accountNumber: '',
  ifsc: '',
  accountHolder: '',
};

/** The body's refundTo for the way chosen: only that way's parts. */
export const refundToBody = (input: RefundToInput) =>
  input.way === 'upi'
    ? { upiId: input.upiId }
    : { accountNumber: input.accountNumber, ifsc: input.ifsc, accountHolder: input.accountHolder };

interface Props {
  value: RefundToInput;
  onChange: (value: RefundToInput) => void;
  /** the checks' and the server's messages, by the API's names (refundTo.upiId, ...) */
  problems: RefundToProblems;
}

type Part = Exclude<keyof RefundToInput, 'way'>;

interface PartSpec {
  part: Part;
  label: string;
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  /** an IFSC is in capitals: typed small, it is shown and sent in capitals */
  upper?: boolean;
}

const PARTS: Record<RefundWay, PartSpec[]> = {
  upi: [{ part: 'upiId', label: 'UPI ID', inputMode: 'email', placeholder: 'name@bank', maxLength: 321 }],
  bank: [
    { part: 'accountNumber', label: 'Account number', inputMode: 'numeric', maxLength: 18 },
    { part: 'ifsc', label: 'IFSC', maxLength: 11, placeholder: 'ABCD0123456', upper: true },
    {
      part: 'accountHolder',
      label: 'Account holder’s name',
      autoComplete: 'name',
      maxLength: ACCOUNT_HOLDER_MAX,
    },
  ],
};

/**
 * The return form's question for a cash on delivery line: where the refund goes, a UPI ID or a bank
 * account with its IFSC and holder, each part with its message beside it.
 */
export function RefundToFields({ value, onChange, problems }: Props) {
  const id = useId();
  const general = problems.refundTo;
  return (
    <fieldset className="refund-to" aria-describedby={general ? `${id}-refundTo` : undefined}>
      <legend className="order-dialog-label">Where should we send your refund?</legend>
      <p className="order-dialog-item">You paid in cash, so we pay you back by UPI or bank transfer.</p>
      <div className="refund-to-ways">
        {(['upi', 'bank'] as const).map((way) => (
          <label key={way} className="refund-to-way">
            <input
              type="radio"
              name="refundWay"
              value={way}
              checked={value.way === way}
              onChange={() => onChange({ ...value, way })}
            />
            {way === 'upi' ? 'To a UPI ID' : 'To a bank account'}
          </label>
        ))}
      </div>
      {PARTS[value.way].map((spec) => {
        const problem = problems[`refundTo.${spec.part}`];
        const inputId = `${id}-${spec.part}`;
        return (
          <div key={spec.part} className="refund-to-field">
            <label htmlFor={inputId}>{spec.label}</label>
            <input
              id={inputId}
              className="text-input"
              inputMode={spec.inputMode}
              autoComplete={spec.autoComplete ?? 'off'}
              autoCapitalize={spec.upper ? 'characters' : 'off'}
              spellCheck={false}
              maxLength={spec.maxLength}
              placeholder={spec.placeholder}
              required
              value={value[spec.part]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-error` : undefined}
              onChange={(event) => {
                const typed = spec.upper ? event.target.value.toUpperCase() : event.target.value;
                onChange({ ...value, [spec.part]: typed });
              }}
            />
            {problem && (
              <p id={`${inputId}-error`} className="refund-to-error">
                {problem}
              </p>
            )}
          </div>
        );
      })}
      {general && (
        <p id={`${id}-refundTo`} className="refund-to-error" role="alert">
          {general}
        </p>
      )}
    </fieldset>
  );
}
