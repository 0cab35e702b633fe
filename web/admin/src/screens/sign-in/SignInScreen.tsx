import '../../../../shared/styles/auth.css';
import { type FormEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { dismissAlert, showAlert } from '../../../../shared/components/Alert.tsx';
import { FieldError } from '../../../../shared/components/FieldError.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { CODE_LENGTH, digitsOnly, PHONE_LENGTH, phoneError } from '../../../../shared/lib/account-rules.ts';
import { passkeyFailure, passkeysSupported, signInWithPasskey } from '../../../../shared/lib/passkeys.ts';
import { ApiError, api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { failureMessage } from '../../api/useLoad.ts';
import { type StaffSession, useSession } from '../../app/session.tsx';

/** the 200's words: the same for every number, so they never say whether it is staff's, nor that a code went */
const CODE_SENT = 'If this number is on the staff list, a code is on its way';
const CODE_ERROR = 'Please enter the 6-digit code';

/** Staff sign in with their mobile number and a one-time code, as shoppers do, but into the back office. */
export function SignInScreen() {
  usePageTitle('Sign in to the back office');
  const { signedIn } = useSession();
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [phoneMessage, setPhoneMessage] = useState('');
  const [codeMessage, setCodeMessage] = useState('');
  const [passkeyMessage, setPasskeyMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const codeSent = sentTo !== '' && sentTo === phone;

  const sendCode = async () => {
    const invalid = phoneError(phone);
    setPhoneMessage(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await api.post(apiPaths.sessionCode(), { phone });
      showAlert(CODE_SENT);
      // rendered at once, so the code field is enabled before it takes the focus
      flushSync(() => {
        setSentTo(phone);
        setCode('');
      });
      codeRef.current?.focus();
    } catch (error) {
      // a failing SMS provider's 503 says, in the server's words, to try again in a few minutes
      const smsFailing = error instanceof ApiError && error.status === 503;
      setPhoneMessage(smsFailing ? error.message : failureMessage(error, 'Sending a sign-in code failed'));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (!codeSent) return sendCode();
    if (!/^[0-9]{6}$/.test(code)) return setCodeMessage(CODE_ERROR);
    setBusy(true);
    try {
      const session = await api.post<StaffSession>(apiPaths.session(), { phone, code });
      // the sign-in's alert said what was happening there; it has no place in the back office
      dismissAlert();
      signedIn(session, { byCode: true });
    } catch (error) {
      setCodeMessage(failureMessage(error, 'Signing in failed'));
      setBusy(false);
    }
  };

  const signInByPasskey = async () => {
    setBusy(true);
    setPasskeyMessage('');
    try {
      const paths = { options: apiPaths.sessionPasskeyOptions(), signIn: apiPaths.sessionPasskey() };
      const session = await signInWithPasskey<StaffSession>(api.post, paths);
      dismissAlert();
      signedIn(session, { byCode: false });
    } catch (error) {
      setPasskeyMessage(passkeyFailure(error) ?? failureMessage(error, 'Signing in with a passkey failed'));
      setBusy(false);
    }
  };

  return (
    <main className="auth">
      <form className="auth-card" onSubmit={signIn} noValidate>
        <h1 className="auth-title">Back office</h1>
        <p className="auth-lead">Sign in with the mobile number the shop's owner added for you.</p>
        <div className="auth-field">
          <label htmlFor={`${id}-phone`}>Mobile number</label>
          <input
            id={`${id}-phone`}
            className="auth-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={PHONE_LENGTH}
            value={phone}
            aria-invalid={phoneMessage ? true : undefined}
            aria-describedby={`${id}-phone-error`}
            onChange={(event) => {
              setPhone(digitsOnly(event.target.value, PHONE_LENGTH));
              setPhoneMessage('');
            }}
          />
          <FieldError id={`${id}-phone-error`} message={phoneMessage} />
        </div>
        <button type="button" className="button" disabled={busy} onClick={sendCode}>
          Send code
        </button>
        <div className="auth-field">
          <label htmlFor={`${id}-code`}>One-time code</label>
          <input
            id={`${id}-code`}
            ref={codeRef}
            className="auth-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            disabled={!codeSent}
            placeholder={codeSent ? '6-digit code' : 'Send a code first'}
            value={code}
            aria-invalid={codeMessage ? true : undefined}
            aria-describedby={`${id}-code-error`}
            onChange={(event) => {
              setCode(digitsOnly(event.target.value, CODE_LENGTH));
              setCodeMessage('');
            }}
          />
          <FieldError id={`${id}-code-error`} message={codeMessage} />
        </div>
        <button type="submit" className="button button-primary" disabled={busy || !codeSent}>
          Sign in
        </button>
        {passkeysSupported() && (
          <div className="auth-field auth-passkey">
            <p className="auth-lead">Or, with no code at all:</p>
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-describedby={`${id}-passkey-error`}
              onClick={signInByPasskey}
            >
              Sign in with a passkey
            </button>
            <FieldError id={`${id}-passkey-error`} message={passkeyMessage} />
          </div>
        )}
      </form>
    </main>
  );
}
