import type {
  OfferBrought,
  ReturnsReport,
  SalesDay,
  TopGenre,
  TopProductsReport,
} from '../../../../../contract/reports.ts';
import type { Column } from './figures.ts';
import type { FigureSetup } from './ReportFigure.tsx';

/**
 * The Reports screen's reports (contract/reports.ts): each one's columns, its chart and its words. The
 * columns are the CSV's too.
 */

type ReturnRow = ReturnsReport['reasons'][number];
type ProductRow = TopProductsReport['products'][number];

const salesColumns: Column<SalesDay>[] = [
  { label: 'Day', kind: 'day', value: (day) => day.date },
  { label: 'Orders', kind: 'count', value: (day) => day.orders },
  { label: 'Units', kind: 'count', value: (day) => day.units },
  { label: 'Gross', kind: 'money', value: (day) => day.gross },
  { label: 'Discounts', kind: 'money', value: (day) => day.discounts },
  { label: 'Refunds', kind: 'money', value: (day) => day.refunds },
  { label: 'Net', kind: 'money', value: (day) => day.net },
];

export const SALES: FigureSetup<SalesDay> = {
  title: 'Sales by day',
  kind: 'line',
  columns: salesColumns,
  charted: salesColumns.filter((column) => column.label === 'Gross' || column.label === 'Net'),
  rowKey: (day) => day.date,
  empty: 'No days to show.',
};

const returnColumns: Column<ReturnRow>[] = [
  { label: 'Reason', kind: 'text', value: (row) => row.title },
  { label: 'Returns', kind: 'count', value: (row) => row.returns },
  { label: 'Units', kind: 'count', value: (row) => row.units },
  { label: 'Value', kind: 'money', value: (row) => row.value },
  { label: 'Accepted', kind: 'count', value: (row) => row.accepted },
  { label: 'Rejected', kind: 'count', value: (row) => row.rejected },
  { label: 'Received', kind: 'count', value: (row) => row.received },
];

export const RETURNS: FigureSetup<ReturnRow> = {
  title: 'Returns by reason',
  kind: 'bars',
  columns: returnColumns,
  charted: returnColumns.filter((column) => column.label === 'Returns'),
  rowKey: (row) => row.reason,
  empty: 'No return was asked for in these days.',
};

const productColumns: Column<ProductRow>[] = [
  { label: 'Product', kind: 'text', value: (row) => row.name },
  { label: 'Units', kind: 'count', value: (row) => row.units },
  { label: 'Net', kind: 'money', value: (row) => row.net },
];

export const TOP_PRODUCTS: FigureSetup<ProductRow> = {
  title: 'Top products',
  kind: 'bars',
  columns: productColumns,
  charted: productColumns.filter((column) => column.label === 'Net'),
  rowKey: (row) => row.productId,
  empty: 'Nothing was sold in these days.',
};

/** apparel as "segment, genre" (as the genres' list names them); the crafts as one */
const genreName = (row: TopGenre) =>
  row.section === 'crafts' ? 'Crafts' : `${row.segment ?? ''}, ${row.genre ?? ''}`;

const genreColumns: Column<TopGenre>[] = [
  { label: 'Genre', kind: 'text', value: genreName },
  { label: 'Units', kind: 'count', value: (row) => row.units },
  { label: 'Net', kind: 'money', value: (row) => row.net },
];

export const TOP_GENRES: FigureSetup<TopGenre> = {
  title: 'Top genres',
  kind: 'bars',
  columns: genreColumns,
  charted: genreColumns.filter((column) => column.label === 'Net'),
  rowKey: genreName,
  empty: 'Nothing was sold in these days.',
};

/** a coupon by its code, a sale by its title */
const offerName = (offer: OfferBrought) => (offer.code ? `${offer.code}: ${offer.title}` : offer.title);

const offerColumns: Column<OfferBrought>[] = [
  { label: 'Offer', kind: 'text', value: offerName },
  { label: 'Kind', kind: 'text', value: (offer) => (offer.kind === 'sale' ? 'Sale' : 'Coupon') },
  { label: 'Orders', kind: 'count', value: (offer) => offer.orders },
  { label: 'Units', kind: 'count', value: (offer) => offer.units },
  { label: 'Discount', kind: 'money', value: (offer) => offer.discount },
  { label: 'Net', kind: 'money', value: (offer) => offer.net },
];

export const OFFERS: FigureSetup<OfferBrought> = {
  title: 'What each offer brought',
  kind: 'bars',
  columns: offerColumns,
  charted: offerColumns.filter((column) => column.label === 'Net'),
  rowKey: (offer) => `${offer.kind}-${offer.id}`,
  empty: 'No sale or coupon priced an order in these days.',
};
