import { useCallback, useId } from 'react';
import { GSTR1_CSV_TABLES, type Gstr1CsvTable } from '../../../../../contract/books.ts';
import type { Gstr1Response } from '../../../../../contract/gstr.ts';
import { formatPaise } from '../../../../../contract/money.ts';
import type { Seller } from '../../../../../contract/sellers.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { Loading } from '../../components/Loading.tsx';
import { plural } from '../../lib/format.ts';
import { fpOf, gstrFileName, summaryOf, toldAs } from './gstr.ts';

/** Each CSV table as the owner knows it, with the portal's own name of its section. */
const TABLE_NAMES: Record<Gstr1CsvTable, string> = {
  b2cs: 'B2C small (b2cs)',
  b2cl: 'B2C large (b2cl)',
  cdnur: 'Credit notes (cdnur)',
  hsn: 'HSN summary (hsn)',
  docs: 'Documents issued (docs)',
};

interface Props {
  /** a seller with a GSTIN */
  seller: Seller;
  period: string;
}

/** A seller's GSTR-1 for the month: its figures to check, then the JSON to import and each CSV table. */
export function SellerReturn({ seller, period }: Props) {
  const id = useId();
  const request = useCallback(
    (signal?: AbortSignal) =>
      api
        .get<Gstr1Response>(apiPaths.gstr1(seller.id, period), { signal })
        .catch(toldAs(409, `Add ${seller.name}’s GSTIN in Sellers: a GSTR-1 is filed under it.`)),
    [seller.id, seller.name, period],
  );
  const { state, retry } = useLoad(request, 'Loading a GSTR-1 failed');
  const gstin = seller.gstin ?? '';
  const fp = fpOf(period);

  return (
    <section className="admin-card admin-books-return" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{seller.name}</h3>
      <p className="admin-details">GSTIN {gstin}</p>
      <Loading state={state} onRetry={retry}>
        {(gstr1) => {
          const summary = summaryOf(gstr1);
          // a month without documents is filed as a nil return: its JSON, no table to read
          const nil = summary.invoices + summary.creditNotes === 0;
          return (
            <>
              {!nil && (
                <dl className="admin-books-figures">
                  <dt>Taxable value</dt>
                  <dd>{formatPaise(summary.taxablePaise)}</dd>
                  <dt>IGST</dt>
                  <dd>{formatPaise(summary.igstPaise)}</dd>
                  <dt>CGST</dt>
                  <dd>{formatPaise(summary.cgstPaise)}</dd>
                  <dt>SGST</dt>
                  <dd>{formatPaise(summary.sgstPaise)}</dd>
                  <dt>Invoices</dt>
                  <dd>{summary.invoices}</dd>
                  <dt>B2CL invoices</dt>
                  <dd>{summary.b2clInvoices}</dd>
                  <dt>Credit notes</dt>
                  <dd>{summary.creditNotes}</dd>
                </dl>
              )}
              <p className="admin-details">
                {nil
                  ? 'No invoice or credit note this month: a nil return.'
                  : `Net of credit notes; ${plural(summary.b2clInvoices, 'invoice is', 'invoices are')} B2C large.`}
              </p>
              <ul className="admin-books-downloads" aria-label={`${seller.name}’s GSTR-1 files`}>
                <li>
                  <a
                    className="button"
                    href={apiPaths.gstr1(seller.id, period)}
                    download={gstrFileName('GSTR1', gstin, fp)}
                  >
                    GSTR-1 JSON
                  </a>
                </li>
                {!nil &&
                  GSTR1_CSV_TABLES.map((table) => (
                    <li key={table}>
                      <a
                        className="button"
                        href={apiPaths.gstr1(seller.id, period, table)}
                        download={gstrFileName('GSTR1', gstin, fp, table)}
                      >
                        {TABLE_NAMES[table]} CSV
                      </a>
                    </li>
                  ))}
              </ul>
            </>
          );
        }}
      </Loading>
    </section>
  );
}
