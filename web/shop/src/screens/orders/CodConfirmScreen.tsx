import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Profile } from '../../../../../contract/accounts.ts';
import { COD_RESEND_SECONDS } from '../../../../../contract/cod-constants.ts';
import { formatPaise } from '../../../../../contract/money.ts';
import type { OrderLine, OrdersResponse } from '../../../../../contract/orders.ts';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { api, CONNECTION_PROBLEM } from '../../../../shared/api/client.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { CODE_LENGTH } from '../../../../shared/lib/account-rules.ts';
import { confirmCodOrder, resendCodCode } from '../../api/cod.ts';
import { useFailure } from '../../api/useFailure.ts';
import { useLoad } from '../../api/useLoad.ts';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { OtpField } from '../../components/OtpField.tsx';
import { LoadFailed, ScreenMessage } from '../../components/ScreenMessage.tsx';
import { useCountdown } from '../../components/useCountdown.ts';
import { useOneAtATime } from '../../components/useOneAtATime.ts';
import { type CodConfirmState, codAmountPaise, codStage, formatTimeLeft } from '../../lib/cod.ts';
import { PlacedSummary, usePlacedOrder } from './OrderPlaced.tsx';
import '../../../../shared/styles/auth.css';
import './orders.css';

const ORDER_ID = /^[1-9][0-9]{0,9}$/;
const CODE_SHAPE_MESSAGE = `Please enter the ${CODE_LENGTH}-digit code we sent to your phone`;
const CONFIRM_FAILED_LOG = 'Error occurred while confirming a cash on delivery order!';

/**
 * /orders/{orderId}/confirm: a cash-on-delivery order waiting for the code sent to the shopper's phone
 * (the code box, kept through a reload while it waits), then the order's confirmation; or why there is
 * nothing to confirm. What the order is comes from GET /api/orders, so the screen is the server's view.
 */
export function CodConfirmScreen() {
  usePageTitle('Confirm your order');
  const { orderId = '' } = useParams();
  const id = ORDER_ID.test(orderId) ? Number(orderId) : undefined;
  const request = useCallback(
    async (signal?: AbortSignal) => {
      const lines = await api.get<OrdersResponse>(apiPaths.orders(), { signal });
      return lines.filter((line) => line.orderId === id && line.cod);
    },
    [id],
  );
  const { state, retry, reload, show } = useLoad(
    request,
    'Error occurred while loading the order to confirm',
  );

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'loggedOut') {
    return (
      <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE LOGIN/ SIGNUP TO SEE YOUR ORDERS" />
    );
  }
  if (state.status === 'failed') return <LoadFailed what="order" onRetry={retry} />;
  const lines = state.data;
  const stage = codStage(lines);
  if (id === undefined || stage === undefined) {
    return (
      <ScreenMessage title="There is no order of yours to confirm here">
        <OrdersLink />
      </ScreenMessage>
    );
  }
  if (stage === 'awaiting') {
    return (
      <CodeForm
        orderId={id}
        lines={lines}
        onChanged={reload}
        onSessionLost={() => show({ kind: 'sessionLost' })}
      />
    );
  }
  if (stage === 'confirmed') return <CodPlaced lines={lines} />;
  return (
    <ScreenMessage title="This order is cancelled">
      <p>It was cancelled before it was confirmed: nothing is due for it.</p>
      <OrdersLink />
    </ScreenMessage>
  );
}

const OrdersLink = () => (
  <Link to={paths.orders()} className="button button-primary">
    MY ORDERS
  </Link>
);

interface CodeFormProps {
  orderId: number;
  /** the order's lines, every one awaiting confirmation */
  lines: OrderLine[];
  /** the order moved on (confirmed, or no longer awaiting): show it afresh */
  onChanged: () => void;
  onSessionLost: () => void;
}

/**
 * The code box with the amount to pay at the door and the time left to confirm; a wrong code is told
 * beside the box, and a new code may be asked for once the 30 s since the last have passed.
 */
function CodeForm({ orderId, lines, onChanged, onSessionLost }: CodeFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const fail = useFailure();
  const run = useOneAtATime();
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const resend = useCountdown();
  // ticks once a second until confirmBy, so the time left shown follows the clock
  const ticking = useCountdown();
  const confirmBy = Date.parse(lines[0]?.cod?.confirmBy ?? '');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival: the waits left
  useEffect(() => {
    // a code went out with the order; a later one is known to this tab only (router state)
    const { resendAt } = (location.state ?? {}) as Partial<CodConfirmState>;
    const placed = Date.parse(lines[0]?.orderedAt ?? '') + COD_RESEND_SECONDS * 1000;
    const next = Math.max(placed, typeof resendAt === 'number' ? resendAt : 0);
    resend.start(Math.max(0, (next - Date.now()) / 1000));
    ticking.start(Math.max(0, (confirmBy - Date.now()) / 1000));
    codeRef.current?.focus();
  }, []);

  /** A refused call: told beside the box, or (409: no longer awaiting) in an alert and afresh. */
  const refused = (error: unknown) => {
    const failure = fail(error, CONFIRM_FAILED_LOG);
    if (failure?.kind === 'sessionLost') onSessionLost();
    else if (failure?.kind === 'refused' && failure.status === 409) {
      showAlert(failure.message);
      onChanged();
    } else if (failure) {
      setMessage(failure.kind === 'refused' ? failure.message : CONNECTION_PROBLEM);
      codeRef.current?.focus();
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      if (code.length !== CODE_LENGTH) {
        setMessage(CODE_SHAPE_MESSAGE);
        codeRef.current?.focus();
        return;
      }
      try {
        await confirmCodOrder(orderId, code);
        onChanged();
      } catch (error) {
        refused(error);
      }
    });
  };

  const sendAgain = () =>
    run(async () => {
      try {
        const { resendAfter } = await resendCodCode(orderId);
        resend.start(resendAfter);
        // kept with the address, so a reload still knows when the next code may be asked for
        const state: CodConfirmState = { resendAt: Date.now() + resendAfter * 1000 };
        navigate(location.pathname, { replace: true, state });
        setCode('');
        setMessage('');
        showAlert('A new code is on its way');
      } catch (error) {
        refused(error);
      }
    });

  const left = confirmBy - Date.now();
  return (
    <section className="auth">
      <form className="auth-card" onSubmit={confirm} noValidate>
        <h1 className="auth-title cod-confirm-title">Confirm your order</h1>
        <p className="auth-lead">
          Enter the {CODE_LENGTH}-digit code we sent to your phone. You pay{' '}
          <strong>{formatPaise(codAmountPaise(lines))}</strong> in cash on delivery.
        </p>
        {left <= 0 ? (
          <p className="cod-time-over" role="alert">
            The time to confirm this order is over: it will be cancelled.
          </p>
        ) : (
          <>
            <p className="cod-time">
              Time left to confirm: <span role="timer">{formatTimeLeft(left)}</span>
            </p>
            <OtpField
              value={code}
              onChange={(value) => {
                setCode(value);
                setMessage('');
              }}
              inputRef={codeRef}
              enabled
              secondsLeft={resend.secondsLeft}
              onResend={sendAgain}
              error={message}
              label="Confirmation code"
              resendLabel="Resend code"
            />
            <button type="submit" className="button button-primary auth-submit">
              Confirm order
            </button>
          </>
        )}
        <p className="auth-switch">
          <Link to={paths.orders()}>My orders</Link>
        </p>
      </form>
    </section>
  );
}

/**
 * The confirmed order, as an online order's confirmation shows it, with the cash to pay at the door.
 * The address is the profile's: the checkout saved it there and placed the order with it.
 */
function CodPlaced({ lines }: { lines: OrderLine[] }) {
  const load = useCallback(
    async (signal?: AbortSignal) => {
      const address = await api.get<Profile>(apiPaths.profile(), { signal });
      return { items: lines, address };
    },
    [lines],
  );
  const state = usePlacedOrder(load);
  return (
    <section className="list-page">
      <h1 className="visually-hidden">Your order is confirmed</h1>
      {state.status === 'ready' ? (
        <PlacedSummary order={state.data.order} dates={state.data.dates}>
          Thank you! Your order is confirmed. You pay <strong>{formatPaise(codAmountPaise(lines))}</strong> in
          cash on delivery.
        </PlacedSummary>
      ) : (
        state.status === 'loading' && <Spinner />
      )}
      <OrdersLink />
    </section>
  );
}
