import { type RefObject, useId } from 'react';
import { FieldError } from '../../../shared/components/FieldError.tsx';
import { CODE_LENGTH, digitsOnly } from '../../../shared/lib/account-rules.ts';

interface Props {
  value: string;
  onChange: (code: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** the code can be typed once it was sent */
  enabled: boolean;
  /** seconds until another code may be requested */
  secondsLeft: number;
  onResend: () => void;
  /** the inline message below the field, if any */
  error?: string;
  /** the field's label and the resend button's words: sign-in's OTP unless told */
  label?: string;
  resendLabel?: string;
}

/** The code field and its resend button with the 30 s countdown. */
export function OtpField({
  value,
  onChange,
  inputRef,
  enabled,
  secondsLeft,
  onResend,
  error,
  label = 'OTP',
  resendLabel = 'Resend OTP',
}: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-otp-row">
        <input
          id={id}
          ref={inputRef}
          className="auth-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          disabled={!enabled}
          placeholder={enabled ? '6-digit code' : 'Request an OTP first'}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(digitsOnly(event.target.value, CODE_LENGTH))}
        />
        {enabled && (
          <button type="button" className="button auth-resend" disabled={secondsLeft > 0} onClick={onResend}>
            {secondsLeft > 0 ? `${resendLabel} in ${secondsLeft} s` : resendLabel}
          </button>
        )}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
