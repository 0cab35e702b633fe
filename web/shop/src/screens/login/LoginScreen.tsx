import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginResponse } from '../../../../../contract/accounts.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { DEFAULT_SHOP_NAME } from '../../../../../contract/shop-constants.ts';
import { ApiError, api } from '../../../../shared/api/client.ts';
import { useShop } from '../../../../shared/api/shop.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { FieldError } from '../../../../shared/components/FieldError.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { digitsOnly, PHONE_LENGTH, phoneError } from '../../../../shared/lib/account-rules.ts';
import { passkeyFailure, passkeysSupported, signInWithPasskey } from '../../../../shared/lib/passkeys.ts';
import {
  logIn,
  messages,
  otpErrorMessage,
  type SignUpState,
  startSession,
  verifyOtp,
} from '../../api/accounts.ts';
import { pathAfterLogin, returnPath } from '../../app/after-login.ts';
import { OtpField } from '../../components/OtpField.tsx';
import { forgetPendingCode, readPendingCode } from '../../components/pending-code.ts';
import { useOneAtATime } from '../../components/useOneAtATime.ts';
import { useOtp } from '../../components/useOtp.ts';
import { useRedirectIfLoggedIn } from '../../components/useRedirectIfLoggedIn.ts';
import '../../../../shared/styles/auth.css';

/**
 * Login (spec sections 2 and 4): phone, a code by SMS, VALIDATE, then home; or back to where the shopper
 * was sent from (the bag's checkout), or to the bag when merging the visitor's bag changed it.
 */
export function LoginScreen() {
  usePageTitle('Login');
  useRedirectIfLoggedIn();
  const navigate = useNavigate();
  const { state } = useLocation();
  const phoneId = useId();
  // a code sent before a reload, still valid: its number and its code box come back
  const [pending] = useState(readPendingCode);
  const [phone, setPhone] = useState(pending?.phone ?? '');
  const [phoneMessage, setPhoneMessage] = useState('');
  const run = useOneAtATime();
  const otp = useOtp(phone, { pending });
  const shopName = useShop()?.name ?? DEFAULT_SHOP_NAME;

  const requestOtp = () =>
    run(async () => {
      const invalid = phoneError(phone);
      setPhoneMessage(invalid);
      if (invalid) return;
      try {
        await otp.send();
      } catch (error) {
        setPhoneMessage(otpErrorMessage(error, messages.loginFailed));
      }
    });

  const validate = () =>
    run(async () => {
      if (!otp.checkShape()) return;
      try {
        await verifyOtp(phone, otp.code);
      } catch (error) {
        otp.setCodeMessage(otpErrorMessage(error, messages.loginFailed));
        otp.codeRef.current?.select();
        return;
      }
      // used: a reload from here on asks for a new code
      forgetPendingCode();
      await finishLogin();
    });

  const finishLogin = async () => {
    try {
      const answer = await logIn(phone);
      startSession(answer);
      navigate(pathAfterLogin(state, answer.bagChanges));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        showAlert(messages.phoneNotRegistered);
        // this session has verified the number: sign-up need not send another code
        navigate(paths.signUp(), {
          state: { phone, verified: true, next: returnPath(state) } satisfies SignUpState,
        });
      } else {
        showAlert(messages.loginFailed);
      }
    }
  };

  const [passkeyMessage, setPasskeyMessage] = useState('');
  const passkeyLogin = () =>
    run(async () => {
      setPasskeyMessage('');
      try {
        const routes = { options: apiPaths.sessionPasskeyOptions(), signIn: apiPaths.sessionPasskey() };
        const answer = await signInWithPasskey<LoginResponse>(api.post, routes);
        startSession(answer);
        navigate(pathAfterLogin(state, answer.bagChanges));
      } catch (error) {
        setPasskeyMessage(passkeyFailure(error) ?? otpErrorMessage(error, messages.loginFailed));
      }
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (otp.codeSent) validate();
    else requestOtp();
  };

  return (
    <section className="auth">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1 className="auth-title">LOGIN</h1>
        <p className="auth-lead">Log in with your mobile number and a one-time code we send by SMS.</p>
        <div className="auth-field">
          <label htmlFor={phoneId}>Phone number</label>
          <div className="auth-phone">
            <span className="auth-prefix" aria-hidden="true">
              +91
            </span>
            <input
              id={phoneId}
              className="auth-input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PHONE_LENGTH}
              placeholder="10-digit mobile number"
              value={phone}
              aria-invalid={phoneMessage ? true : undefined}
              aria-describedby={`${phoneId}-error`}
              onChange={(event) => {
                setPhone(digitsOnly(event.target.value, PHONE_LENGTH));
                setPhoneMessage('');
              }}
            />
          </div>
          <FieldError id={`${phoneId}-error`} message={phoneMessage} />
        </div>
        <OtpField {...otp.field} onResend={requestOtp} />
        {/* the spec's validation rules: the request button appears only once 10 digits are typed */}
        {phone.length === PHONE_LENGTH && (
          <button type="submit" className="button button-primary auth-submit">
            {otp.codeSent ? 'VALIDATE' : 'Request OTP'}
          </button>
        )}
        {passkeysSupported() && (
          <div className="auth-field auth-passkey">
            <p className="auth-lead">Added a passkey on this device? No code needed:</p>
            <button
              type="button"
              className="button"
              aria-describedby={`${phoneId}-passkey-error`}
              onClick={passkeyLogin}
            >
              Sign in with a passkey
            </button>
            <FieldError id={`${phoneId}-passkey-error`} message={passkeyMessage} />
          </div>
        )}
        <p className="auth-switch">
          New to {shopName}?{' '}
          <Link to={paths.signUp()} state={{ next: returnPath(state) }}>
            SIGN UP
          </Link>
        </p>
      </form>
    </section>
  );
}
