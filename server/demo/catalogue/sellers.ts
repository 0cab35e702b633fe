import { gstinCheckCharacter } from '../../../contract/gstin.ts';

/** The demo shop's sellers (small Indian businesses) and couriers. All names are fictional. */

export interface SellerSpec {
  name: string;
  city: string;
  /** GST state code, the first two digits of a GSTIN */
  state: string;
  /** the genres it sells */
  genres: readonly string[];
}

export const SELLERS: readonly SellerSpec[] = [
  {
    name: 'Bagru Print House',
    city: 'Jaipur',
    state: '08',
    genres: ['Kurti', 'Kurta set', 'Palazzo', 'Co ord set', 'Kurta'],
  },
  {
    name: 'Sanganer Textiles',
    city: 'Jaipur',
    state: '08',
    genres: ['Kurti', 'Top', 'Palazzo', 'Frock', 'Shirt', 'Dress'],
  },
  {
    name: 'Banaras Weaves',
    city: 'Varanasi',
    state: '09',
    genres: ['Saree', 'Lehenga', 'Sherwani', 'Kurta set'],
  },
  { name: 'Kanchi Silk Centre', city: 'Kanchipuram', state: '33', genres: ['Saree'] },
  { name: 'Chanderi Loom Co.', city: 'Chanderi', state: '23', genres: ['Saree', 'Kurta set', 'Kurti'] },
  {
    name: 'Lucknow Chikan Kari',
    city: 'Lucknow',
    state: '09',
    genres: ['Kurti', 'Kurta', 'Kurta set', 'Top', 'Kurta pyjama'],
  },
  { name: 'Tiruppur Knit Works', city: 'Tiruppur', state: '33', genres: ['T-shirt', 'Top', 'Hoodie'] },
  { name: 'Kolkata Tant Ghar', city: 'Kolkata', state: '19', genres: ['Saree', 'Kurta', 'Kurti'] },
  {
    name: 'Surat Fashion Hub',
    city: 'Surat',
    state: '24',
    genres: ['Saree', 'Lehenga', 'Dress', 'Co ord set', 'Lehenga choli'],
  },
  {
    name: 'Kutch Bandhani Kala',
    city: 'Bhuj',
    state: '24',
    genres: ['Saree', 'Kurti', 'Dress', 'Lehenga', 'Kurta set'],
  },
  { name: 'Mumbai Denim Co.', city: 'Mumbai', state: '27', genres: ['Jeans', 'Shirt', 'Top', 'Hoodie'] },
  {
    name: 'Bengaluru Urban Threads',
    city: 'Bengaluru',
    state: '29',
    genres: ['Shirt', 'T-shirt', 'Dress', 'Top', 'Co ord set'],
  },
  {
    name: 'Dilli Leather Craft',
    city: 'New Delhi',
    state: '07',
    genres: ['Hand bag', 'Wallet', 'Hand purse', 'Backpack', 'Sling bag'],
  },
  {
    name: 'Kanpur Leather Works',
    city: 'Kanpur',
    state: '09',
    genres: ['Wallet', 'Hand bag', 'Backpack', 'Sling bag'],
  },
  {
    name: 'Little Peacock Kidswear',
    city: 'Ahmedabad',
    state: '24',
    genres: ['Frock', 'Kurta pyjama', 'T-shirt', 'Lehenga choli'],
  },
  {
    name: 'Bishnupur Terracotta Collective',
    city: 'Bishnupur',
    state: '19',
    genres: ['Terracotta jewellery'],
  },
  {
    name: 'Bastar Dokra Artisans',
    city: 'Jagdalpur',
    state: '22',
    genres: ['Dokra jewellery', 'Brass decor'],
  },
  { name: 'Santiniketan Kantha Stitch', city: 'Bolpur', state: '19', genres: ['Kantha stole', 'Jute bag'] },
  { name: 'Mithila Art House', city: 'Madhubani', state: '10', genres: ['Madhubani painting'] },
  { name: 'Raghurajpur Chitrakar', city: 'Puri', state: '21', genres: ['Pattachitra'] },
  { name: 'Assam Bamboo & Cane', city: 'Guwahati', state: '18', genres: ['Bamboo craft', 'Jute bag'] },
  { name: 'Moradabad Brass Emporium', city: 'Moradabad', state: '09', genres: ['Brass decor'] },
  {
    name: 'Pochampally Ikat Weavers',
    city: 'Pochampally',
    state: '36',
    genres: ['Saree', 'Kurti', 'Co ord set', 'Dress'],
  },
];

/** Demo couriers; a tracking page (`{trackingId}` filled in) for two of them, none for the others. */
export const PARTNERS = [
  {
    code: 'DKE',
    name: 'Dakiya Express',
    tracking_url: 'https://track.dakiya-express.example/awb/{trackingId}',
  },
  {
    code: 'TZD',
    name: 'Tezz Dispatch',
    tracking_url: 'https://tezz-dispatch.example/track?awb={trackingId}',
  },
  { code: 'PNK', name: 'Pankh Logistics', tracking_url: null },
  { code: 'SFR', name: 'Safar Couriers', tracking_url: null },
] as const;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A fake but well-formed GSTIN: state code, a PAN (five letters whose fourth says a firm, four digits,
 * a letter), the registration number, Z, and the check character.
 */
export function demoGstin(state: string, name: string, serial: number): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  const pan = `${(letters.slice(0, 3) || 'HAT').padEnd(3, 'X')}F${letters.charAt(0) || 'H'}${String(1000 + serial * 373).slice(-4)}${LETTERS.charAt(serial % 26)}`;
  const first14 = `${state}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}
