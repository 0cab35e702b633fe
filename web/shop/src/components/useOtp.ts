import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { codeError } from '../../../shared/lib/account-rules.ts';
import { messages, sendOtp } from '../api/accounts.ts';
import { forgetPendingCode, keepPendingCode, type PendingCode } from './pending-code.ts';
import { useCountdown } from './useCountdown.ts';

/**
 * The one-time code shared by login and sign-up: sending it to a number, and the code field's state.
 * With `remember` (login), the number a code went to is kept through a reload while the code is valid
 * (`pending`, read once by the screen), so its box stays open for the code already on its way.
 */
export function useOtp(phone: string, remember?: { pending: PendingCode | undefined }) {
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  // the number the last code went to: changing the number asks for a new code
  const [sentTo, setSentTo] = useState(remember?.pending?.phone ?? '');
  const [codeMessage, setCodeMessage] = useState('');
  const countdown = useCountdown();
  const resendAt = remember?.pending?.resendAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival: the wait left before a resend
  useEffect(() => {
    if (resendAt !== undefined) countdown.start(Math.max(0, (resendAt - Date.now()) / 1000));
  }, []);

  /** Sends a code to the number, then focuses the code field; a failed call rejects. */
  const send = async () => {
    const { resendAfter } = await sendOtp(phone);
    if (remember) keepPendingCode(phone, resendAfter);
    showAlert(messages.otpSent);
    // rendered at once, so the code field is enabled before it takes the focus
    flushSync(() => {
      setSentTo(phone);
      setCode('');
      setCodeMessage('');
      countdown.start(resendAfter);
    });
    codeRef.current?.focus();
  };

  /** Shows why the typed code cannot be right, if it cannot; true when it may be checked. */
  const checkShape = () => {
    const invalid = codeError(code);
    setCodeMessage(invalid);
    return !invalid;
  };

  const codeSent = sentTo !== '' && sentTo === phone;
  return {
    code,
    codeSent,
    codeRef,
    send,
    checkShape,
    setCodeMessage,
    /** the number needs a new code (or the code was used) */
    forget: () => {
      if (remember) forgetPendingCode();
      setSentTo('');
    },
    /** OtpField's props, but for onResend */
    field: {
      value: code,
      onChange: (value: string) => {
        setCode(value);
        setCodeMessage('');
      },
      inputRef: codeRef,
      enabled: codeSent,
      secondsLeft: countdown.secondsLeft,
      error: codeMessage,
    },
  };
}
