import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OrderLine } from '../../../../../contract/orders.ts';
import { paths } from '../../../../../contract/paths.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { LoadFailed, ScreenMessage } from '../../components/ScreenMessage.tsx';
import { forgetPlaced, placedPayment } from '../../lib/placed-order.ts';
import { ExchangeDialog } from './ExchangeDialog.tsx';
import { CancelDialog, ReturnDialog } from './OrderDialogs.tsx';
import { OrderPlaced } from './OrderPlaced.tsx';
import { OrderRow } from './OrderRow.tsx';
import { useOrders } from './useOrders.ts';
import './orders.css';

type Asking = { kind: 'cancel' | 'return' | 'exchange'; line: OrderLine } | undefined;

// A modal dialog makes the rest of the page inert, the alert region too: each dialog closes before
// its call, so the answer's alert is seen and heard.

/** /orders: not logged in, nothing ordered yet, or one row per ordered item, newest first. */
export function OrdersScreen() {
  usePageTitle('My orders');
  const { state, retry, cancel, requestReturn, exchange, rate } = useOrders();
  const [asking, setAsking] = useState<Asking>(undefined);
  const close = () => setAsking(undefined);
  // the confirmation after paying shows on this visit only: a reload finds nothing kept
  const [paymentId] = useState(placedPayment);
  useEffect(forgetPlaced, []);

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'loggedOut') {
    return (
      <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE LOGIN/ SIGNUP TO SEE YOUR ORDERS" />
    );
  }
  if (state.status === 'failed') return <LoadFailed what="orders" onRetry={retry} />;
  if (state.data.length === 0) {
    return (
      <ScreenMessage title="Oops! IT SEEMS YOU HAVEN'T ORDERED ANYTHING YET">
        <Link to={paths.home()} className="button button-primary">
          START SHOPPING
        </Link>
      </ScreenMessage>
    );
  }
  return (
    <section className="list-page">
      {paymentId && <OrderPlaced paymentId={paymentId} />}
      <h1 id="orders-title" className="list-page-title">
        MY ORDERS
      </h1>
      <ul className="item-list" aria-labelledby="orders-title">
        {state.data.map((line) => (
          <OrderRow
            key={line.purchase_id}
            line={line}
            replacedSize={state.data.find((old) => old.purchase_id === line.exchangeOf)?.size}
            onCancel={() => setAsking({ kind: 'cancel', line })}
            onReturn={() => setAsking({ kind: 'return', line })}
            onExchange={() => setAsking({ kind: 'exchange', line })}
            onRate={(rating, fit) => rate(line, rating, fit)}
          />
        ))}
      </ul>
      <CancelDialog
        open={asking?.kind === 'cancel'}
        name={asking?.line.name ?? ''}
        onClose={close}
        onConfirm={() => {
          close();
          if (asking) cancel(asking.line);
        }}
      />
      {/* keyed, so each opening starts with an empty reason */}
      <ReturnDialog
        key={asking?.kind === 'return' ? asking.line.purchase_id : 'closed'}
        open={asking?.kind === 'return'}
        name={asking?.line.name ?? ''}
        onClose={close}
        cod={asking?.kind === 'return' && asking.line.cod !== null}
        onSubmit={async (ask) => {
          if (!asking) return undefined;
          // the dialog stays open while a COD line's refund details are refused, to correct them
          const refused = await requestReturn(asking.line, ask);
          if (!refused) close();
          return refused;
        }}
      />
      {/* keyed, so each opening starts from the line's first free size */}
      <ExchangeDialog
        key={asking?.kind === 'exchange' ? asking.line.purchase_id : 'closed'}
        line={asking?.kind === 'exchange' ? asking.line : undefined}
        onClose={close}
        onSubmit={(size, reasonCode) => {
          close();
          if (asking) exchange(asking.line, size, reasonCode);
        }}
      />
    </section>
  );
}
