/**
 * The owner's GST returns (shared/contracts/owners-books.md "GSTR-1", "GSTR-8"; decision 070): each
 * seller's GSTR-1 for a month in the shape of the GST portal's offline tool (JSON, or one section as
 * CSV), and the operator's GSTR-8 (TCS). Money is rupees as a JSON number, exact to the paisa.
 */
import { type Static, Type } from 'typebox';

// the query is checked by the service, so that each wrong part is named in the 400's `fields`
const QueryText = Type.Optional(Type.String({ maxLength: 100 }));

/** GET /admin/api/books/gstr1?seller=&period=[&format=csv&table=] */
export const Gstr1Query = Type.Object({
  seller: QueryText,
  period: QueryText,
  format: QueryText,
  table: QueryText,
});
export type Gstr1Query = Static<typeof Gstr1Query>;

/** GET /admin/api/books/gstr8?period= */
export const Gstr8Query = Type.Object({ period: QueryText });
export type Gstr8Query = Static<typeof Gstr8Query>;

const Rupees = Type.Number();
/** a state's GST code, two characters: `19` ('' when a document names no state the code list knows) */
const StateCode = Type.String();

/** one rate of an invoice or credit note: its lines at that rate summed */
const RateItem = Type.Object({
  num: Type.Integer({ minimum: 1 }),
  itm_det: Type.Object({ rt: Type.Number(), txval: Rupees, iamt: Rupees, csamt: Type.Literal(0) }),
});

export const B2clEntry = Type.Object({
  pos: StateCode,
  inv: Type.Array(
    Type.Object({
      inum: Type.String(),
      /** DD-MM-YYYY */
      idt: Type.String(),
      val: Rupees,
      itms: Type.Array(RateItem),
    }),
  ),
});
export type B2clEntry = Static<typeof B2clEntry>;

/** a group's taxable value and taxes (IGST, or CGST and SGST; the other 0); no cess on these goods */
const TaxFigures = {
  txval: Rupees,
  iamt: Rupees,
  camt: Rupees,
  samt: Rupees,
  csamt: Type.Literal(0),
};

export const B2csRow = Type.Object({
  sply_ty: Type.Union([Type.Literal('INTRA'), Type.Literal('INTER')]),
  pos: StateCode,
  typ: Type.Literal('OE'),
  rt: Type.Number(),
  ...TaxFigures,
});
export type B2csRow = Static<typeof B2csRow>;

export const CdnurEntry = Type.Object({
  typ: Type.Literal('B2CL'),
  ntty: Type.Literal('C'),
  nt_num: Type.String(),
  /** DD-MM-YYYY */
  nt_dt: Type.String(),
  pos: StateCode,
  val: Rupees,
  itms: Type.Array(RateItem),
});
export type CdnurEntry = Static<typeof CdnurEntry>;

export const HsnRow = Type.Object({
  num: Type.Integer({ minimum: 1 }),
  hsn_sc: Type.String(),
  uqc: Type.Union([Type.Literal('PCS'), Type.Literal('NA')]),
  qty: Type.Integer(),
  rt: Type.Number(),
  ...TaxFigures,
});
export type HsnRow = Static<typeof HsnRow>;

export const DOC_TYPES = { invoice: 'Invoices for outward supply', credit_note: 'Credit Note' } as const;

export const DocIssue = Type.Object({
  doc_num: Type.Union([Type.Literal(1), Type.Literal(5)]),
  doc_typ: Type.Union([Type.Literal(DOC_TYPES.invoice), Type.Literal(DOC_TYPES.credit_note)]),
  docs: Type.Array(
    Type.Object({
      num: Type.Literal(1),
      from: Type.String(),
      to: Type.String(),
      totnum: Type.Integer(),
      cancel: Type.Integer(),
      net_issue: Type.Integer(),
    }),
  ),
});
export type DocIssue = Static<typeof DocIssue>;

/** Table 14: supplies made through the operator, which collects TCS on them */
export const EcoSupply = Type.Object({
  etin: Type.String(),
  suppval: Rupees,
  igst: Rupees,
  cgst: Rupees,
  sgst: Rupees,
  cess: Type.Literal(0),
});
export type EcoSupply = Static<typeof EcoSupply>;

/** All buyers are unregistered: b2b, cdnr and hsn_b2b are always empty. */
const Empty = Type.Array(Type.Never());

export const Gstr1Response = Type.Object({
  gstin: Type.String(),
  /** MMYYYY */
  fp: Type.String(),
  version: Type.String(),
  hash: Type.Literal('hash'),
  b2b: Empty,
  b2cl: Type.Array(B2clEntry),
  b2cs: Type.Array(B2csRow),
  cdnr: Empty,
  cdnur: Type.Array(CdnurEntry),
  hsn: Type.Object({ hsn_b2b: Empty, hsn_b2c: Type.Array(HsnRow) }),
  doc_issue: Type.Object({ doc_det: Type.Array(DocIssue) }),
  supeco: Type.Object({ clttx: Type.Array(EcoSupply) }),
});
export type Gstr1Response = Static<typeof Gstr1Response>;

/** One section of GSTR-1 as the offline tool's CSV (GSTR1_CSV_TABLES), or the whole as JSON. */
export const Gstr1Answer = {
  description: 'the JSON of the offline tool, or with format=csv one section as its CSV',
  content: {
    'application/json': { schema: Gstr1Response },
    'text/csv': { schema: { type: 'string' } },
  },
} as const;

const TcsFigures = {
  supR: Rupees,
  retsupR: Rupees,
  amt: Rupees,
  iamt: Rupees,
  camt: Rupees,
  samt: Rupees,
};

export const TcsRow = Type.Object({
  stin: Type.String(),
  sellerId: Type.Integer(),
  name: Type.String(),
  ...TcsFigures,
});
export type TcsRow = Static<typeof TcsRow>;

export const Gstr8Response = Type.Object({
  gstin: Type.String(),
  fp: Type.String(),
  tcs: Type.Array(TcsRow),
  totals: Type.Object(TcsFigures),
});
export type Gstr8Response = Static<typeof Gstr8Response>;
