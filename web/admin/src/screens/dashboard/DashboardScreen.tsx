import { useCallback } from 'react';
import { Link } from 'react-router';
import { type DashboardResponse, STUCK_SHIPMENT_HOURS } from '../../../../../contract/admin.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { useStaff } from '../../app/session.tsx';
import { Loading } from '../../components/Loading.tsx';
import { formatRupees, formatWhen } from '../../lib/format.ts';
import { ReturnRates } from './ReturnRates.tsx';
import { ShopSetup } from './ShopSetup.tsx';
import './DashboardScreen.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The shop at a glance: today's and this week's orders and takings, the work waiting, the last 30 days'
 * return rates, low stock; for the owner, first, the way to a live shop.
 */
export function DashboardScreen() {
  usePageTitle('Dashboard');
  const { role } = useStaff();
  const request = useCallback(
    (signal?: AbortSignal) => api.get<DashboardResponse>(apiPaths.dashboard(), { signal }),
    [],
  );
  const { state, retry } = useLoad(request, 'Loading the dashboard failed');
  return (
    <>
      <h1 className="admin-title">Dashboard</h1>
      {role === 'owner' && <ShopSetup />}
      <Loading state={state} onRetry={retry}>
        {({
          today,
          week,
          toShip,
          returnsToDecide,
          returnRates,
          lowStock,
          stuckShipments,
          smsBudgetsPastHalf,
          smsProviderFailing,
        }) => (
          <ul className="admin-cards">
            <li className="admin-card">
              <h2>Today</h2>
              <p>
                {plural(today.orders, 'order', 'orders')}, {formatRupees(today.revenue)}
              </p>
            </li>
            <li className="admin-card">
              <h2>Last 7 days</h2>
              <p>
                {plural(week.orders, 'order', 'orders')}, {formatRupees(week.revenue)}
              </p>
            </li>
            <li className="admin-card">
              <h2>To ship</h2>
              <p>
                <Link to={`${paths.orders()}${query({ status: 'placed' })}`}>
                  {plural(toShip, 'line awaits', 'lines await')} shipment
                </Link>
              </p>
            </li>
            <li className="admin-card">
              <h2>Returns to decide</h2>
              <p>
                <Link to={paths.returns()}>
                  {plural(returnsToDecide, 'return awaits', 'returns await')} a decision
                </Link>
              </p>
            </li>
            {smsProviderFailing && <SmsFailing provider={smsProviderFailing} />}
            {smsBudgetsPastHalf.length > 0 && <SmsBudgets budgets={smsBudgetsPastHalf} />}
            {stuckShipments.length > 0 && <StuckShipments shipments={stuckShipments} />}
            <ReturnRates rates={returnRates} />
            <li className="admin-card admin-low-stock-card">
              <h2>Low stock</h2>
              {lowStock.length === 0 ? (
                <p>No size is low.</p>
              ) : (
                <ul className="admin-plain-list">
                  {lowStock.map((size) => (
                    <li key={`${size.productId}-${size.size}`}>
                      <Link to={paths.product(size.productId)}>{size.name}</Link>
                      {size.size && `, size ${size.size}`}: {size.stock} left
                    </li>
                  ))}
                </ul>
              )}
              <p>
                <Link to={paths.lowStock()}>All low stock</Link>
              </p>
            </li>
          </ul>
        )}
      </Loading>
    </>
  );
}

/** Parcels and reverse pickups the courier has said nothing of for 48 hours: someone should ask it. */
function StuckShipments({ shipments }: { shipments: DashboardResponse['stuckShipments'] }) {
  return (
    <li className="admin-card admin-stuck-card">
      <h2>Stuck shipments</h2>
      <p>No news from the courier for {STUCK_SHIPMENT_HOURS} hours:</p>
      <ul className="admin-plain-list">
        {shipments.map((shipment) => (
          <li key={shipment.awb}>
            <Link to={`${paths.orders()}${query({ q: shipment.purchaseId })}`}>{shipment.purchaseId}</Link>
            {shipment.kind === 'return' && ' (return pickup)'}: {shipment.courier} AWB {shipment.awb},{' '}
            {shipment.status.toLowerCase()} since {formatWhen(shipment.since)}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The SMS provider's recent sends failed: codes are refused until it sends again, so someone should look. */
function SmsFailing({ provider }: { provider: string }) {
  return (
    <li className="admin-card admin-sms-failing-card">
      <h2>SMS failing</h2>
      <p>
        {provider} failed or did not answer for the latest messages. Sign-in codes are refused (shoppers and
        staff are asked to try again in a few minutes) until it sends again; the server's log says why.
      </p>
    </li>
  );
}

const BUDGET_NAMES: Record<string, string> = {
  shop: "The shop's SMS budget",
  unknown: 'The SMS share for numbers with no account',
  staff: "The back office's SMS budget",
};

/** SMS budgets past half: when one is spent, codes are refused (a flood, or the shop outgrew it). */
function SmsBudgets({ budgets }: { budgets: DashboardResponse['smsBudgetsPastHalf'] }) {
  return (
    <li className="admin-card admin-sms-budget-card">
      <h2>SMS budget</h2>
      <ul className="admin-plain-list">
        {budgets.map(({ budget, used, max }) => {
          const [name = '', window] = budget.split(':');
          return (
            <li key={budget}>
              {BUDGET_NAMES[name] ?? name} has used {used} of {max} SMS this {window}.
            </li>
          );
        })}
      </ul>
      <p>Once a budget is spent, sign-in codes it pays for are refused until its hour or day has passed.</p>
    </li>
  );
}
