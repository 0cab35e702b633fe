import { useState } from 'react';
import type { HomeResponse } from '../../../../../contract/catalogue.ts';
import type { Coupon, CouponsResponse, OfferReportResponse } from '../../../../../contract/coupons.ts';
import type { Sale, SalesResponse } from '../../../../../contract/offers.ts';
import type { OfferState } from '../../../../../contract/offers-constants.ts';
import { apiPaths as shopApiPaths } from '../../../../../contract/paths.ts';
import type { CatalogueChoices } from '../../../../../contract/products.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Loading } from '../../components/Loading.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { formatRupees, formatWhen } from '../../lib/format.ts';
import { OFFER_STATE_LABELS } from '../../lib/labels.ts';
import { CouponForm } from './CouponForm.tsx';
import { SaleForm } from './SaleForm.tsx';
import type { ScopeChoices } from './ScopePicker.tsx';

/** A report's line with the sale or coupon it is about (absent if it was added after the lists were read). */
type Offer =
  | { kind: 'sale'; line: OfferReportResponse[number]; sale: Sale | undefined }
  | { kind: 'coupon'; line: OfferReportResponse[number]; coupon: Coupon | undefined };

interface Loaded {
  offers: Offer[];
  choices: ScopeChoices;
}

/** What is on now first, then what is to come, then what is over. */
const RANK: Record<OfferState, number> = { live: 0, scheduled: 1, ended: 2, disabled: 3 };

/** The scope's choices: segments and genres as the shop's home page lists them, the active sellers. */
function scopeChoicesOf(pairs: HomeResponse, choices: CatalogueChoices): ScopeChoices {
  return {
    segments: [...new Set(pairs.map((pair) => pair.userSegment))],
    genres: pairs,
    sellers: choices.sellers,
  };
}

async function loadOffers(signal?: AbortSignal): Promise<Loaded> {
  const [report, sales, coupons, pairs, choices] = await Promise.all([
    api.get<OfferReportResponse>(apiPaths.offersReport(), { signal }),
    api.get<SalesResponse>(apiPaths.sales(), { signal }),
    api.get<CouponsResponse>(apiPaths.coupons(), { signal }),
    api.get<HomeResponse>(shopApiPaths.home(), { signal }),
    api.get<CatalogueChoices>(apiPaths.choices(), { signal }),
  ]);
  const offers = report
    .map(
      (line): Offer =>
        line.kind === 'sale'
          ? { kind: 'sale', line, sale: sales.find((sale) => sale.id === line.id) }
          : { kind: 'coupon', line, coupon: coupons.find((coupon) => coupon.id === line.id) },
    )
    .sort((a, b) => RANK[a.line.state] - RANK[b.line.state]);
  return { offers, choices: scopeChoicesOf(pairs, choices) };
}

/** The offer's name in buttons and messages: a coupon's code, a sale's title. */
const nameOf = (offer: Offer) =>
  offer.kind === 'coupon' ? (offer.line.code ?? offer.line.title) : offer.line.title;

/** What it takes off, in words: "Sale: 30% off", "Coupon FLAT200: ₹200 off on ₹1,499 and above". */
function termsOf(offer: Offer): string {
  if (offer.kind === 'sale') return offer.sale ? `Sale: ${offer.sale.percentOff}% off` : 'Sale';
  const { coupon } = offer;
  const label = `Coupon ${offer.line.code ?? ''}`.trim();
  if (!coupon) return label;
  const off =
    coupon.kind === 'flat'
      ? `${formatRupees(coupon.value)} off`
      : `${coupon.value}% off${coupon.maxDiscount === null ? '' : `, up to ${formatRupees(coupon.maxDiscount)}`}`;
  return `${label}: ${off}${coupon.minBag > 0 ? ` on ${formatRupees(coupon.minBag)} and above` : ''}`;
}

const windowOf = (offer: Offer) => {
  const when = offer.kind === 'sale' ? offer.sale : offer.coupon;
  return when ? `${formatWhen(when.startsAt)} to ${formatWhen(when.endsAt)}` : '—';
};

const isOn = (offer: Offer) => offer.line.state === 'live' || offer.line.state === 'scheduled';

/** What switching off does, said before it is done. */
const meaning = (offer: Offer) =>
  offer.kind === 'sale'
    ? 'The sale ends now: its products go back to their own prices at once. Orders already placed keep their prices.'
    : 'The code stops working now: no shopper can apply it any more. Orders already placed keep their saving.';

/**
 * The shop's sales and coupons: each with its state, window, uses, the discount it gave and the sales it
 * brought; scheduling a sale, creating a coupon, editing either until it is over, and switching one off
 * at once. Staff and owners alike.
 */
export function OffersScreen() {
  usePageTitle('Offers');
  const { state, retry, reload } = useLoad(loadOffers, 'Loading the offers failed');
  const [editing, setEditing] = useState<Offer | undefined>();
  const [switching, setSwitching] = useState<Offer | undefined>();

  const switchOff = async (offer: Offer) => {
    try {
      await api.post(
        offer.kind === 'sale' ? apiPaths.stopSale(offer.line.id) : apiPaths.disableCoupon(offer.line.id),
      );
      showAlert(`Switched off: ${nameOf(offer)}`);
    } catch (error) {
      alertFailure(error, 'Switching off an offer failed');
    }
    reload();
  };
  // a form saved ends its own edit only: a coupon being edited keeps its fields while a sale is scheduled
  const saved = (what: string, kind: Offer['kind']) => {
    showAlert(what);
    if (editing?.kind === kind) setEditing(undefined);
    reload();
  };

  return (
    <>
      <h1 className="admin-title">Offers</h1>
      <Loading state={state} onRetry={retry}>
        {({ offers, choices }) => (
          <>
            {offers.length === 0 ? (
              <p className="admin-empty">No offers yet: schedule a sale or create a coupon below.</p>
            ) : (
              <OfferTable offers={offers} onEdit={setEditing} onSwitchOff={setSwitching} />
            )}
            <SaleForm
              // a new form for each sale edited, so no field of the last one stays
              key={editing?.kind === 'sale' ? `sale-${editing.line.id}` : 'new-sale'}
              sale={editing?.kind === 'sale' ? editing.sale : undefined}
              choices={choices}
              onDone={() => setEditing(undefined)}
              onSaved={(sale) =>
                saved(`${editing?.kind === 'sale' ? 'Saved' : 'Scheduled'}: ${sale.title}`, 'sale')
              }
            />
            <CouponForm
              key={editing?.kind === 'coupon' ? `coupon-${editing.line.id}` : 'new-coupon'}
              coupon={editing?.kind === 'coupon' ? editing.coupon : undefined}
              choices={choices}
              onDone={() => setEditing(undefined)}
              onSaved={(coupon) =>
                saved(`${editing?.kind === 'coupon' ? 'Saved' : 'Created'}: ${coupon.code}`, 'coupon')
              }
            />
          </>
        )}
      </Loading>
      {switching && (
        <ConfirmDialog
          title={`Switch off ${nameOf(switching)}`}
          confirm="Switch off"
          onClose={() => setSwitching(undefined)}
          onConfirm={() => switchOff(switching)}
        >
          <p>{meaning(switching)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

interface TableProps {
  offers: Offer[];
  onEdit: (offer: Offer) => void;
  onSwitchOff: (offer: Offer) => void;
}

function OfferTable({ offers, onEdit, onSwitchOff }: TableProps) {
  return (
    <AdminTable
      caption="Sales and coupons, what is on now first; money in rupees"
      columns={['Offer', 'State', 'When (India time)', 'Uses', 'Discount given', 'Sales value', 'Actions']}
    >
      {offers.map((offer) => (
        <tr key={`${offer.kind}-${offer.line.id}`}>
          <td data-label="Offer">
            {offer.line.title}
            <div className="admin-details">{termsOf(offer)}</div>
          </td>
          <td data-label="State">
            <span className="admin-status">{OFFER_STATE_LABELS[offer.line.state]}</span>
          </td>
          <td data-label="When">{windowOf(offer)}</td>
          <td data-label="Uses">{offer.line.uses.toLocaleString('en-IN')}</td>
          <td data-label="Discount given">{formatRupees(offer.line.discountGiven)}</td>
          <td data-label="Sales value">{formatRupees(offer.line.salesValue)}</td>
          <td data-label="Actions">
            {isOn(offer) && (
              <div className="admin-actions">
                {(offer.kind === 'sale' ? offer.sale : offer.coupon) && (
                  <RowAction action="Edit" what={nameOf(offer)} onClick={() => onEdit(offer)} />
                )}
                <RowAction action="Switch off" what={nameOf(offer)} onClick={() => onSwitchOff(offer)} />
              </div>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
