/**
 * GST rates by HSN code, as data: change a row here when the Council changes a rate.
 *
 * Source: Notification No. 9/2025-Central Tax (Rate) and No. 9/2025-Integrated Tax (Rate), both of
 * 17 September 2025, in force from 22 September 2025, on the recommendations of the GST Council's 56th
 * meeting (3 September 2025); they supersede No. 1/2017. The rates below are the IGST rates (an
 * intra-state supply pays half as CGST and half as SGST). Only the headings the demo catalogue uses are
 * listed; a code matches its longest listed prefix, and a code listed nowhere pays STANDARD_RATE.
 *
 * Chapters 42, 46, 71, 83 and 97 checked on 25 Nov 2026 against the rates in force from 22 September 2025
 * (the Council's handicraft list, 12% -> 5%; art and cultural goods, 12% -> 5%): 4202 had been one 18% row,
 * which taxed the handicraft entry's handbags and purses (4202 22, 29, 31 10, 31 90, 32, 39) at 18% instead
 * of 5%; they are rows of their own now. A product coded only '4202' still pays 18%, as the heading does
 * not say which sub-heading it is: give handbags their six-digit code.
 */
export interface GstRateRule {
  /** an HSN chapter (2 digits), heading (4) or sub-heading (6) */
  hsn: string;
  /** what the notification's entry describes */
  goods: string;
  percent: number;
  /**
   * apparel and footwear: the lower rate applies to a piece whose sale value (before tax) is at most
   * this many paise, the higher `percent` above it
   */
  upTo?: { paisePerPiece: number; percent: number };
}

const APPAREL_THRESHOLD = { paisePerPiece: 250_000, percent: 5 };

export const GST_RATES: readonly GstRateRule[] = [
  {
    hsn: '61',
    goods: 'Articles of apparel and clothing accessories, knitted or crocheted',
    percent: 18,
    upTo: APPAREL_THRESHOLD,
  },
  {
    hsn: '62',
    goods: 'Articles of apparel and clothing accessories, not knitted or crocheted',
    percent: 18,
    upTo: APPAREL_THRESHOLD,
  },
  {
    hsn: '63',
    goods: 'Other made up textile articles, sets, worn clothing',
    percent: 18,
    upTo: APPAREL_THRESHOLD,
  },
  { hsn: '64', goods: 'Footwear (per pair)', percent: 18, upTo: APPAREL_THRESHOLD },
  { hsn: '5007', goods: 'Woven fabrics of silk', percent: 5 },
  { hsn: '5208', goods: 'Woven fabrics of cotton', percent: 5 },
  { hsn: '5407', goods: 'Woven fabrics of synthetic filament yarn', percent: 5 },
  // chapter 42: the handicraft entry's handbags, pouches, purses and jewellery boxes went from 12% to 5%;
  // the rest of 4202 (trunks, suitcases, leather handbags 4202 21, backpacks and travel bags) stays at 18%
  { hsn: '4202', goods: 'Trunks, suitcases, travel bags, backpacks and similar containers', percent: 18 },
  ...['420222', '420229', '42023110', '42023190', '420232', '420239'].map((hsn) => ({
    hsn,
    goods: 'Handbags including pouches and purses; jewellery box',
    percent: 5,
  })),
  // chapter 46: basketwork and articles of bamboo, rattan and cane (handicraft entry), 5%
  { hsn: '4602', goods: 'Basketwork and other articles of bamboo, cane or plaiting materials', percent: 5 },
  // chapter 71: imitation jewellery stays at 3%, as precious metals and jewellery do
  { hsn: '7117', goods: 'Imitation jewellery', percent: 3 },
  // chapter 83: bells, gongs, statuettes and ornaments of base metal (handicraft entry), 12% to 5%
  { hsn: '8306', goods: 'Statuettes and other ornaments of base metal', percent: 5 },
  // chapter 97: works of art (paintings, drawings, sculptures, antiques) went from 12% to 5%
  { hsn: '9701', goods: 'Paintings and drawings executed entirely by hand', percent: 5 },
];

/** the general rate, for a product whose code the table does not list (or that has none yet) */
export const STANDARD_RATE = 18;

/** SAC of courier services, the heading of the delivery charge's line */
export const DELIVERY_SAC = '9968';

/**
 * The rate of `pieces` of `hsn` sold together for `paise` (tax included): a piece's sale value is its share
 * of what was paid, after any discount given at the time of supply (a coupon), so a Rs 2,799 kurta sold at
 * Rs 2,399 after a coupon is in the lower slab.
 */
export function gstRate(hsn: string | null, paise: number, pieces = 1): number {
  const rule = GST_RATES.filter((r) => hsn?.startsWith(r.hsn)).sort((a, b) => b.hsn.length - a.hsn.length)[0];
  if (!rule) return STANDARD_RATE;
  const { upTo } = rule;
  // the threshold is on a piece's value before tax, worked back at the lower rate (in whole paise:
  // paise / pieces need not be whole)
  if (upTo && paise * 100 <= upTo.paisePerPiece * (100 + upTo.percent) * pieces) return upTo.percent;
  return rule.percent;
}
