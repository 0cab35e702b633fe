import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SignUpRecord } from '../../../../contract/accounts.ts';
import { paths } from '../../../../contract/paths.ts';
import {
  isMailRegistered,
  isPhoneRegistered,
  messages,
  otpErrorMessage,
  type SignUpState,
  signUp,
  startSession,
  verifyOtp,
} from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import { pathAfterLogin, returnPath } from '../../app/after-login.ts';
import { Modal } from '../../components/Modal.tsx';
import { FieldError, OtpField } from '../../components/OtpField.tsx';
import { useOneAtATime } from '../../components/useOneAtATime.ts';
import { useOtp } from '../../components/useOtp.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useRedirectIfLoggedIn } from '../../components/useRedirectIfLoggedIn.ts';
import { PHONE_LENGTH, phoneError } from '../../lib/account-rules.ts';
import { FIELDS, type Field, STEPS } from './fields.ts';
import { forgetProgress, keepProgress, keptProgress, startProgress } from './progress.ts';
import '../../styles/auth.css';

function carried(state: unknown): SignUpState | undefined {
  const phone = (state as Partial<SignUpState> | null)?.phone;
  return typeof phone === 'string' && !phoneError(phone) ? (state as SignUpState) : undefined;
}

/**
 * Sign-up (spec sections 2 and 4): one input asks in turn for the phone number (verified with a code),
 * the e-mail id, the first and the last name; Save creates the account, logs in and goes home (or back
 * to the bag's checkout that sent the visitor, or to the bag when merging the visitor's bag changed it).
 */
export function SignUpScreen() {
  usePageTitle('Sign up');
  useRedirectIfLoggedIn();
  const navigate = useNavigate();
  // from login: a number that is not registered, usually verified already
  const location = useLocation();
  const [from] = useState(() => carried(location.state));
  // or a reload of this page, its phone verified a moment ago (a reload keeps login's state too)
  const [kept] = useState(() => {
    const progress = keptProgress();
    return progress && (!from || progress.record.phone === from.phone) ? progress : undefined;
  });
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [record, setRecord] = useState<SignUpRecord>(
    () => kept?.record ?? { phone: from?.phone ?? '', mail: '', fname: '', lname: '' },
  );
  const [field, setField] = useState<Field>(kept?.field ?? (from?.verified ? 'mail' : 'phone'));

  // a phone login verified starts the progress here, as one verified on this page does
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (from?.verified && !kept) startProgress({ record, field: 'mail' });
  }, []);
  useEffect(() => {
    if (field !== 'phone') keepProgress({ record, field });
  }, [record, field]);
  const [message, setMessage] = useState('');
  const [modal, setModal] = useState('');
  const run = useOneAtATime();
  const otp = useOtp(record.phone);
  const spec = FIELDS[field];
  const codeSent = field === 'phone' && otp.codeSent;

  const goTo = (next: Field) => {
    flushSync(() => {
      setField(next);
      setMessage('');
    });
    inputRef.current?.focus();
  };

  const requestOtp = () =>
    run(async () => {
      try {
        if (await isPhoneRegistered(record.phone)) {
          setModal(messages.phoneTaken);
          return;
        }
        await otp.send();
      } catch (error) {
        setModal(otpErrorMessage(error, messages.signUpFailed));
      }
    });

  const verify = () =>
    run(async () => {
      if (!otp.checkShape()) return;
      try {
        await verifyOtp(record.phone, otp.code);
        startProgress({ record, field: 'mail' });
        goTo('mail');
      } catch (error) {
        // the spec's error catalogue: on sign-up, 'Incorrect OTP' is a modal
        setModal(otpErrorMessage(error, messages.signUpFailed));
      }
    });

  const checkMail = () =>
    run(async () => {
      try {
        if (await isMailRegistered(record.mail.trim())) setModal(messages.mailTaken);
        else goTo('fname');
      } catch {
        setModal(messages.signUpFailed);
      }
    });

  const save = () =>
    run(async () => {
      const trimmed = {
        phone: record.phone,
        mail: record.mail.trim(),
        fname: record.fname.trim(),
        lname: record.lname.trim(),
      };
      try {
        const answer = await signUp(trimmed);
        forgetProgress();
        startSession(answer);
        navigate(pathAfterLogin(location.state, answer.bagChanges));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) {
          setModal(messages.signUpFailed);
          return;
        }
        // 409: taken in the meantime; 401: the verification has lapsed, so the number needs a new code
        setModal(error.message);
        if (error.status === 401) {
          forgetProgress();
          otp.forget();
          goTo('phone');
        }
      }
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (field === 'phone' && codeSent) {
      verify();
      return;
    }
    const invalid = spec.check(record[field]);
    setMessage(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    if (field === 'phone') requestOtp();
    else if (field === 'mail') checkMail();
    else if (field === 'fname') goTo('lname');
    else save();
  };

  const step = STEPS.indexOf(field) + 1;
  const buttonText = field === 'lname' ? 'Save' : field === 'phone' && !codeSent ? 'Request OTP' : 'Continue';
  // the spec's validation rules: on the phone step the button appears only once 10 digits are typed
  const showButton = field !== 'phone' || record.phone.length === PHONE_LENGTH;

  return (
    <section className="auth">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1 className="auth-title">SIGN UP</h1>
        <p className="auth-lead">
          Step {step} of {STEPS.length}: {spec.label.toLowerCase()}
        </p>
        <Done record={record} field={field} />
        <div className="auth-field">
          <label htmlFor={inputId}>{spec.label}</label>
          <div className={field === 'phone' ? 'auth-phone' : undefined}>
            {field === 'phone' && (
              <span className="auth-prefix" aria-hidden="true">
                +91
              </span>
            )}
            {/* one input, reused for each step; its label, type and hints follow the step */}
            <input
              id={inputId}
              ref={inputRef}
              className="auth-input"
              type={spec.type}
              inputMode={spec.inputMode}
              autoComplete={spec.autoComplete}
              maxLength={spec.maxLength}
              placeholder={spec.placeholder}
              value={record[field]}
              aria-invalid={message ? true : undefined}
              aria-describedby={`${inputId}-error`}
              onChange={(event) => {
                const value = event.target.value;
                setRecord((current) => ({ ...current, [field]: spec.clean(value) }));
                setMessage('');
              }}
            />
          </div>
          <FieldError id={`${inputId}-error`} message={message} />
        </div>
        {field === 'phone' && <OtpField {...otp.field} onResend={requestOtp} />}
        {showButton && (
          <button type="submit" className="button button-primary auth-submit">
            {buttonText}
          </button>
        )}
        <p className="auth-switch">
          Already have an account?{' '}
          <Link to={paths.login()} state={{ next: returnPath(location.state) }}>
            LOGIN
          </Link>
        </p>
      </form>
      <Modal open={modal !== ''} onClose={() => setModal('')} title={modal} showClose={false}>
        <button type="button" className="button button-primary auth-modal-ok" onClick={() => setModal('')}>
          OK
        </button>
      </Modal>
    </section>
  );
}

/** What the shopper has given so far, since the one input no longer shows it. */
function Done({ record, field }: { record: SignUpRecord; field: Field }) {
  const done = STEPS.slice(0, STEPS.indexOf(field));
  if (done.length === 0) return null;
  return (
    <dl className="auth-done">
      {done.map((name) => (
        <div key={name}>
          <dt>{FIELDS[name].label}</dt>
          <dd>{name === 'phone' ? `+91 ${record.phone}` : record[name]}</dd>
        </div>
      ))}
    </dl>
  );
}
