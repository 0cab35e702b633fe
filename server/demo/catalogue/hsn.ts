/**
 * The HSN heading of each demo genre, which decides its GST rate (server/modules/invoices/gst-rates.ts):
 * woven garments chapter 62, knitted 61, bags and wallets 42 (to six digits, which their rate needs),
 * imitation jewellery 71, paintings 97, bamboo work 46, brass ornaments 83. A saree is woven fabric in the tariff, so its chapter is its fibre's.
 * The back office can set another code per product.
 */
const BY_GENRE: Readonly<Record<string, string>> = {
  Kurti: '6211',
  Top: '6206',
  Dress: '6204',
  'Co ord set': '6204',
  'Kurta set': '6204',
  Lehenga: '6204',
  'Lehenga choli': '6204',
  Palazzo: '6204',
  Frock: '6204',
  Jeans: '6204',
  Kurta: '6205',
  Shirt: '6206',
  'T-shirt': '6109',
  Hoodie: '6110',
  Sherwani: '6203',
  'Kurta pyjama': '6203',
  'Kantha stole': '6214',
  // textile-surfaced handbags and pocket goods: on the handicraft list at 5%; backpacks stay 18%
  'Hand bag': '420222',
  Wallet: '420232',
  'Hand purse': '420232',
  Backpack: '420292',
  'Sling bag': '420222',
  'Jute bag': '420222',
  'Terracotta jewellery': '7117',
  'Dokra jewellery': '7117',
  'Madhubani painting': '9701',
  Pattachitra: '9701',
  'Bamboo craft': '4602',
  'Brass decor': '8306',
};

/** men's and boys' garments have headings of their own */
const MENSWEAR: Readonly<Record<string, string>> = { Jeans: '6203', Shirt: '6205', 'Kurta set': '6203' };

/** silk 5007, cotton 5208, man-made filament 5407 */
function sareeHeading(fabric: string): string {
  if (/silk/i.test(fabric) && !/art silk/i.test(fabric)) return '5007';
  return /cotton|khadi|muslin|tant/i.test(fabric) ? '5208' : '5407';
}

export function hsnOf(segment: string, genre: string, fabric: string): string {
  if (genre === 'Saree') return sareeHeading(fabric);
  const heading = (segment === 'Men' && MENSWEAR[genre]) || BY_GENRE[genre];
  if (!heading) throw new Error(`demo shop: no HSN heading for ${genre}`);
  return heading;
}
