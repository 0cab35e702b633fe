import type { Features, Specs } from '../../db/schema.ts';
import { indiaPincodes } from '../../modules/delivery/india.ts';
import { Random } from '../../platform/random.ts';
import { type Family, GENRES, type GenreSpec } from './genres.ts';
import { hsnOf } from './hsn.ts';
import { AREAS, CUSTOMER_NAMES, reviewText, STREETS } from './people.ts';
import { HILL_STATES, PINCODES, UNSERVED_STATES } from './pincodes.ts';
import { REGISTRATIONS } from './seller-registrations.ts';
import { demoGstin, PARTNERS, SELLERS, type SellerSpec } from './sellers.ts';

/** The whole demo shop as plain rows; references between tables are by natural key. */
export interface DemoShop {
  sellers: DemoSeller[];
  partners: { code: string; name: string; tracking_url: string | null }[];
  pincodes: { pincode: string; office: string; district: string; state: string }[];
  partnerPincodes: { partner: string; pincode: string }[];
  products: DemoProduct[];
  customers: DemoCustomer[];
  reviews: DemoReview[];
}

export interface DemoSeller {
  name: string;
  city: string;
  gstin: string;
  legal_name: string;
  address: string;
  pincode: string;
  state: string;
  pan: string;
  phone: string;
  email: string;
}

export interface DemoProduct {
  prod: 'apparel' | 'accessories';
  user_segment: string;
  genre: string;
  name: string;
  description: string;
  /** the seller's name and the partner's code */
  seller: string;
  partner: string;
  child_key: string;
  color: string;
  features: Features;
  specs: Specs;
  current_price_paise: number;
  old_price_paise: number;
  active: boolean;
  photos: string[];
  sku: string;
  launch_date: string;
  weight_cat: string;
  hsn_code: string;
  skus: { size: string; position: number; stock: number }[];
  family: Family;
}

export interface DemoCustomer {
  phone: string;
  email: string;
  fname: string;
  lname: string;
  gender: 'F' | 'M';
  house_no: string;
  road_name: string;
  area_name: string;
  post_office: string;
  city: string;
  pin: string;
}

export interface DemoReview {
  /** the customer's phone and the product's sku */
  phone: string;
  sku: string;
  rating: number;
  body: string;
  photo: string | null;
  verified_purchase: boolean;
  created_at: string;
}

const SEED = 'haat demo shop v1';
const FIRST_LAUNCH = Date.UTC(2023, 0, 1);
const LAST_DAY = Date.UTC(2025, 11, 31);
const DAY = 86_400_000;

/** how a pattern appears in a product's name, and how its description tells of it */
const PATTERNS: Record<string, { words: readonly string[]; phrase: string }> = {
  'Block print': {
    words: ['Block-Print', 'Hand Block-Print', 'Jaipuri Block-Print', 'Bagru Block-Print'],
    phrase: 'hand block-printed with small butis',
  },
  Bandhani: { words: ['Bandhani'], phrase: 'dotted with tie-and-dye bandhani' },
  Leheriya: { words: ['Leheriya'], phrase: 'dyed in wave-like leheriya stripes' },
  Ikat: { words: ['Ikat', 'Pochampally Ikat'], phrase: 'with a resist-dyed ikat pattern' },
  Chikankari: {
    words: ['Chikankari', 'Lucknowi Chikankari'],
    phrase: 'with delicate Lucknowi chikankari embroidery',
  },
  Kalamkari: { words: ['Kalamkari'], phrase: 'with hand-drawn kalamkari motifs' },
  'Floral print': { words: ['Floral', 'Floral-Print'], phrase: 'with a fresh floral print' },
  Ajrakh: { words: ['Ajrakh'], phrase: 'in geometric ajrakh block print' },
  'Dabu print': { words: ['Dabu-Print'], phrase: 'in mud-resist dabu print' },
  Solid: { words: ['', 'Classic', 'Solid'], phrase: 'in a clean solid colour' },
  Embroidered: { words: ['Embroidered', 'Thread-Work'], phrase: 'with fine thread embroidery' },
  Striped: { words: ['Striped'], phrase: 'with classic stripes' },
  Checked: { words: ['Checked'], phrase: 'in smart checks' },
  'Polka dot': { words: ['Polka-Dot'], phrase: 'with playful polka dots' },
  Geometric: { words: ['Geometric'], phrase: 'with a geometric print' },
  'Tie-dye': { words: ['Tie-Dye'], phrase: 'in hand-done tie-dye' },
  'Zari woven': { words: ['Zari-Woven', 'Zari'], phrase: 'woven with shimmering zari' },
  Jamdani: { words: ['Jamdani'], phrase: 'with jamdani motifs woven on the loom' },
  'Mirror work': { words: ['Mirror-Work'], phrase: 'with sparkling mirror work' },
  Textured: { words: ['Textured', ''], phrase: 'with a textured finish' },
  Quilted: { words: ['Quilted'], phrase: 'with quilted stitching' },
  Washed: { words: ['Washed', 'Mid-Wash', 'Dark-Wash'], phrase: 'in a washed finish' },
  Distressed: { words: ['Distressed'], phrase: 'with a lightly distressed finish' },
  Brocade: { words: ['Brocade'], phrase: 'in rich brocade' },
  'Hand painted': { words: ['Hand-Painted'], phrase: 'painted by hand' },
  'Lost wax cast': { words: [''], phrase: 'cast by the ancient lost-wax method' },
  Kantha: { words: ['Hand-Stitched', ''], phrase: 'covered in kantha running stitch' },
  'Kantha embroidered': {
    words: ['Kantha-Embroidered'],
    phrase: 'with kantha embroidery of flowers and birds',
  },
  Woven: { words: ['Handwoven'], phrase: 'woven by hand' },
  'Hand cast': { words: ['Hand-Cast'], phrase: 'cast and finished by hand' },
  Engraved: { words: ['Engraved'], phrase: 'with hand-engraved details' },
};

/** design names some sellers give their collections; also tells apart designs that would share a name */
const COLLECTIONS = [
  'Aarohi',
  'Meher',
  'Noor',
  'Ira',
  'Saanjh',
  'Gulmohar',
  'Chandni',
  'Kesar',
  'Mitti',
  'Nazm',
  'Rangrez',
  'Sitara',
  'Tara',
  'Amaltas',
  'Bela',
  'Champa',
  'Jharokha',
  'Leela',
  'Madhu',
  'Neel',
  'Parijat',
  'Rooh',
  'Tulsi',
  'Ujala',
  'Vasant',
  'Yamuna',
  'Dhoop',
  'Kaveri',
  'Phulkari',
  'Basant',
];

const CRAFT_STORIES: Record<string, string> = {
  Terracotta:
    'Shaped from river clay, sun-dried, kiln-fired and then painted by hand, so no two pieces are quite alike.',
  Dokra:
    'Dokra is a 4,000-year-old metal craft: each piece is modelled in wax, covered in clay and cast in brass, so every one is unique.',
  Kantha: 'Kantha is the running-stitch embroidery of Bengal, worked by women artisans over several weeks.',
  'Jute weaving':
    'Made from sturdy natural jute, the golden fibre of Bengal: strong, reusable and biodegradable.',
  Madhubani: 'Painted in the Mithila style of Bihar, with fine double outlines and natural colours.',
  Pattachitra:
    'Painted by chitrakars of Raghurajpur, Odisha, on treated cloth with natural colours and a fine brush.',
  'Bamboo weaving':
    'Woven from split bamboo and cane by artisans of the North-East: light, strong and naturally finished.',
  'Brass casting': 'Cast in solid brass and polished by metalworkers, a piece to pass down the family.',
};

const TIPS: Record<Family, readonly string[]> = {
  ethnic: [
    'Pair it with palazzos or straight pants and juttis.',
    'Easy to wear from office to evening.',
    'Dress it up with oxidised jewellery on festive days.',
  ],
  western: [
    'Team it with jeans or trousers.',
    'Made to stay comfortable all day.',
    'An easy favourite for weekends and travel.',
  ],
  drape: [
    'A piece to treasure for weddings and festivals.',
    'Style it with temple jewellery for a classic look.',
  ],
  bottom: ['Goes with kurtis, tops and shirts alike.', 'Comfortable enough for all-day wear.'],
  bag: ['Roomy enough for the everyday essentials.', 'A sturdy companion for work and travel.'],
  jewellery: ['Light enough to wear all day.', 'A thoughtful gift for festivals.'],
  textile: ['A thoughtful handmade gift.', 'Every piece carries small variations of handwork.'],
  art: ['Brings colour and a story to any wall.', 'Ships rolled or framed, packed with care.'],
  decor: ['Lovely for festive décor and gifting.', 'Adds a warm handmade touch to any home.'],
};

const CARE: Record<Family, readonly string[]> = {
  ethnic: ['Hand wash cold separately', 'Machine wash cold, gentle cycle'],
  western: ['Machine wash cold, gentle cycle', 'Hand wash cold separately'],
  drape: ['Dry clean only'],
  bottom: ['Machine wash cold, inside out', 'Hand wash cold separately'],
  bag: ['Wipe clean with a dry cloth'],
  jewellery: ['Keep away from water and perfume'],
  textile: ['Gentle hand wash or dry clean'],
  art: ['Keep away from moisture and direct sunlight'],
  decor: ['Wipe with a soft dry cloth'],
};

const PHOTO_COUNTS = [
  [1, 5],
  [2, 10],
  [3, 25],
  [4, 30],
  [5, 30],
] as const;

const DISCOUNTS = [
  [0, 12],
  [10, 8],
  [15, 8],
  [20, 12],
  [25, 10],
  [30, 12],
  [35, 8],
  [40, 10],
  [45, 5],
  [50, 8],
  [60, 4],
  [70, 3],
] as const;

const RATINGS = [
  [5, 44],
  [4, 30],
  [3, 12],
  [2, 6],
  [1, 8],
] as const;

const an = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const lower = (text: string) => text.toLowerCase();
// names of places and weaves keep their capital in running text
const PROPER = new Set(['Banarasi', 'Kanjeevaram', 'Chanderi', 'Tussar', 'Tant', 'Oxford', 'Lucknowi', 'V']);
const prose = (text: string) =>
  text
    .split(' ')
    .map((word) => (PROPER.has(word) ? word : lower(word)))
    .join(' ');
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
/** whether a name already says the material ("Terracotta Necklace Set" of terracotta) */
const mentions = (noun: string, material: string) => material.split(' ').some((word) => noun.includes(word));

/** whole rupees ending in 9 (₹549, ₹1,299), as paise */
function shopPrice(rupees: number): number {
  const step = rupees >= 2000 ? 100 : 50;
  return Math.max(step, Math.round(rupees / step) * step) * 100 - 100;
}

const MAX_DISCOUNT = 70;

/** the old price that a discount of about `percent` was taken from, also ending in 9 */
function oldPrice(currentPaise: number, percent: number): number {
  if (percent === 0) return currentPaise;
  const rupees = currentPaise / 100 / (1 - percent / 100);
  const step = (rupees >= 2000 ? 100 : 50) * 100;
  let old = Math.ceil((rupees * 100 + 100) / step) * step - 100;
  // as the database computes it: the rounding up must not push a sale past the cap
  while (Math.floor(((old - currentPaise) * 100) / old) > MAX_DISCOUNT) old -= step;
  return Math.max(old, currentPaise);
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

interface Design {
  spec: GenreSpec;
  childKey: string;
  baseName: string;
  noun: string;
  pattern: string;
  fabric: string;
  sizes: readonly string[];
  features: Omit<Features, 'color'>;
  specs: Specs;
  seller: SellerSpec;
  partner: string;
  pricePaise: number;
  oldPricePaise: number;
  launch: number;
  photoCount: number;
}

class ShopGenerator {
  private readonly rng = new Random(SEED);
  private readonly names = new Set<string>();
  private readonly skus = new Set<string>();

  generate(): DemoShop {
    const products = GENRES.flatMap((spec) => this.genre(spec));
    const customers = this.customers();
    return {
      sellers: SELLERS.map((s, i) => demoSeller(s, i + 1)),
      partners: PARTNERS.map((p) => ({ ...p })),
      pincodes: indiaPincodes().map((row) => ({ ...row })),
      partnerPincodes: partnerPincodes(),
      products,
      customers,
      reviews: this.reviews(products, customers),
    };
  }

  private genre(spec: GenreSpec): DemoProduct[] {
    const sellers = SELLERS.filter((s) => s.genres.includes(spec.genre));
    const products: DemoProduct[] = [];
    for (let n = 1; n <= spec.designs; n++) {
      const design = this.design(spec, n, sellers);
      const colours = this.rng.sample(spec.colours, this.rng.int(spec.siblings[0], spec.siblings[1]));
      for (const colour of colours) products.push(this.product(design, colour));
    }
    return products;
  }

  private design(spec: GenreSpec, n: number, sellers: readonly SellerSpec[]): Design {
    const { rng } = this;
    const pattern = rng.pick(spec.patterns);
    const fabric = rng.pick(spec.fabrics);
    const sizes = this.sizeRun(spec);
    const features: Omit<Features, 'color'> =
      spec.prod === 'accessories'
        ? { material: [fabric], craft: [spec.craft ?? spec.genre] }
        : { fabric: [fabric], size: [...sizes] };
    if (spec.sleeves) features.sleeveSize = [rng.pick(spec.sleeves)];
    if (spec.necks) features.neckLine = [rng.pick(spec.necks)];
    if (spec.fits) features.fitType = [rng.pick(spec.fits)];
    features.occasion = rng.sample(spec.occasions, rng.int(1, 2));
    const price = shopPrice(spec.price[0] + (spec.price[1] - spec.price[0]) * rng.next() ** 1.7);
    const specs: Specs = { Pattern: pattern };
    for (const [name, values] of Object.entries(spec.specs)) specs[name] = rng.pick(values);
    specs['Wash care'] = /silk|brocade|velvet|net|jacquard/i.test(fabric)
      ? 'Dry clean only'
      : rng.pick(CARE[spec.family]);
    specs['Country of origin'] = 'India';
    const noun = rng.pick(spec.nouns);
    return {
      spec,
      childKey: `${spec.code}-${String(n).padStart(3, '0')}`,
      baseName: this.uniqueName(spec, noun, pattern, fabric),
      noun,
      pattern,
      fabric,
      sizes,
      features,
      specs,
      seller: rng.pick(sellers),
      partner: rng.weighted(PARTNERS.map((p, i) => [p.code, 4 - i] as const)),
      pricePaise: price,
      oldPricePaise: oldPrice(price, rng.weighted(DISCOUNTS)),
      launch: FIRST_LAUNCH + rng.int(0, Math.floor((LAST_DAY - FIRST_LAUNCH) / DAY) - 90) * DAY,
      photoCount: rng.weighted(PHOTO_COUNTS),
    };
  }

  private sizeRun(spec: GenreSpec): readonly string[] {
    const count = this.rng.int(Math.min(spec.minSizes, spec.sizes.length), spec.sizes.length);
    const start = this.rng.int(0, spec.sizes.length - count);
    return spec.sizes.slice(start, start + count);
  }

  /** "{pattern} {fabric} {noun}", with a collection name when another design already has it */
  private uniqueName(spec: GenreSpec, noun: string, pattern: string, fabric: string): string {
    const { rng } = this;
    const words = rng.pick(PATTERNS[pattern]?.words ?? [pattern]);
    const material = spec.family === 'art' || mentions(noun, fabric) || rng.chance(0.2) ? '' : fabric;
    const core =
      spec.family === 'art' ? `${noun} on ${fabric}` : [words, material, noun].filter(Boolean).join(' ');
    let name = rng.chance(0.3) ? `${rng.pick(COLLECTIONS)} ${core}` : core;
    for (let i = 0; this.names.has(`${spec.segment}/${name}`); i++) {
      name = i < 20 ? `${rng.pick(COLLECTIONS)} ${core}` : `${core} No. ${i}`;
    }
    this.names.add(`${spec.segment}/${name}`);
    return name;
  }

  private product(design: Design, colour: string): DemoProduct {
    const { rng } = this;
    const { spec } = design;
    const sku = `HT-${spec.code}-${String(this.skus.size + 1).padStart(6, '0')}`;
    this.skus.add(sku);
    const soldOut = rng.chance(0.04);
    // one colour of a design is sometimes on a sale of its own
    const saleCurrent = rng.chance(0.15)
      ? shopPrice((design.oldPricePaise / 100) * (1 - rng.int(10, 50) / 100))
      : 0;
    const current = saleCurrent > 0 && saleCurrent < design.oldPricePaise ? saleCurrent : design.pricePaise;
    const name = this.nameWithColour(design.baseName, colour);
    return {
      prod: spec.prod,
      user_segment: spec.segment,
      genre: spec.genre,
      name,
      description: this.describe(design, colour),
      seller: design.seller.name,
      partner: design.partner,
      child_key: design.childKey,
      color: colour,
      features: { ...design.features, color: [colour] },
      specs: design.specs,
      current_price_paise: current,
      old_price_paise: Math.max(current, design.oldPricePaise),
      active: !rng.chance(0.03),
      photos: Array.from({ length: design.photoCount }, (_, i) => `${sku.toLowerCase()}-${i + 1}.webp`),
      sku,
      launch_date: isoDate(design.launch),
      weight_cat: spec.weight,
      hsn_code: hsnOf(spec.segment, spec.genre, design.fabric),
      skus: design.sizes.map((size, position) => ({ size, position, stock: soldOut ? 0 : this.stock() })),
      family: spec.family,
    };
  }

  /** the colour goes after a collection name ("Meher Indigo Block-Print Kurti") */
  private nameWithColour(baseName: string, colour: string): string {
    const [first = '', ...rest] = baseName.split(' ');
    return COLLECTIONS.includes(first) ? `${first} ${colour} ${rest.join(' ')}` : `${colour} ${baseName}`;
  }

  /** a size is sold out, running low (1-9) or comfortably stocked */
  private stock(): number {
    const roll = this.rng.next();
    if (roll < 0.14) return 0;
    if (roll < 0.36) return this.rng.int(1, 9);
    return this.rng.int(10, 80);
  }

  private describe(design: Design, colour: string): string {
    const { spec, features, specs, fabric, seller } = design;
    const { rng } = this;
    const phrase = PATTERNS[design.pattern]?.phrase ?? lower(design.pattern);
    const what = lower(design.noun);
    const made = `From ${seller.name}, ${seller.city}.`;
    const tip = rng.pick(TIPS[spec.family]);
    if (spec.prod === 'accessories') {
      const material = mentions(design.noun, fabric) ? '' : ` in ${prose(fabric)}`;
      const story = CRAFT_STORIES[spec.craft ?? ''] ?? '';
      return `${capital(an(lower(colour)))} ${what}${material}, ${phrase}. ${story} ${tip} ${made}`;
    }
    const fit = features.fitType?.[0];
    const opening = `${fit ? `${an(lower(fit))} ${what}` : an(what)} in ${lower(colour)} ${prose(fabric)}, ${phrase}.`;
    const details: string[] = [];
    const [sleeve] = features.sleeveSize ?? [];
    const [neck] = features.neckLine ?? [];
    if (sleeve && neck) {
      details.push(
        sleeve === 'Sleeveless'
          ? `It is sleeveless, with ${an(prose(neck))}.`
          : `It has ${prose(sleeve)} and ${an(prose(neck))}.`,
      );
    }
    if (specs['Set contents']) details.push(`The set includes: ${lower(specs['Set contents'])}.`);
    if (specs.Length) details.push(`Length: ${lower(specs.Length)}.`);
    if (spec.family === 'drape' && spec.genre === 'Saree')
      details.push('Finished with a contrast border and a rich pallu.');
    if (spec.family === 'bag' && specs.Closure) details.push(`Closes with ${an(lower(specs.Closure))}.`);
    return [capital(opening), ...details, tip, made].join(' ');
  }

  private customers(): DemoCustomer[] {
    const { rng } = this;
    const phones = new Set<string>();
    const places = PINCODES.filter((p) => p.served !== 'none');
    return CUSTOMER_NAMES.map(([fname, lname, gender]) => {
      let phone = '';
      while (!phone || phones.has(phone)) phone = `9${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
      phones.add(phone);
      const place = rng.pick(places);
      return {
        phone,
        email: `${lower(fname)}.${lower(lname)}@example.com`,
        fname,
        lname,
        gender,
        house_no: String(rng.int(1, 250)),
        road_name: rng.pick(STREETS),
        area_name: rng.pick(AREAS),
        post_office: place.office,
        city: place.district,
        pin: place.pincode,
      };
    });
  }

  private reviews(products: readonly DemoProduct[], customers: readonly DemoCustomer[]): DemoReview[] {
    const { rng } = this;
    const reviewed = rng.sample(
      products.filter((p) => p.active),
      340,
    );
    return reviewed.flatMap((product) => {
      const count = rng.weighted([
        [1, 20],
        [2, 20],
        [3, 18],
        [4, 14],
        [5, 10],
        [6, 8],
        [8, 6],
        [10, 4],
      ]);
      const launch = Date.parse(product.launch_date);
      return rng.sample(customers, count).map((customer) => {
        const reviewer = customers.indexOf(customer) + 1;
        const rating = rng.weighted(RATINGS);
        const body = rng.chance(0.15) ? '' : reviewText(rating, product.family, (items) => rng.pick(items));
        const withPhoto = body !== '' && rating >= 3 && rng.chance(0.18);
        const when =
          launch +
          rng.int(7, Math.max(8, Math.floor((LAST_DAY - launch) / DAY))) * DAY +
          rng.int(8, 22) * 3_600_000;
        return {
          phone: customer.phone,
          sku: product.sku,
          rating,
          body,
          photo: withPhoto ? `rv-${product.sku.toLowerCase()}-${reviewer}.webp` : null,
          verified_purchase: rng.chance(0.45),
          created_at: new Date(when).toISOString(),
        };
      });
    });
  }
}

/**
 * A seller's row: its GSTIN (and the PAN inside it), its registered name and place, whose pincode gives
 * the state, and a made-up contact, so that it looks complete in the back office.
 */
function demoSeller(seller: SellerSpec, serial: number): DemoSeller {
  const registration = REGISTRATIONS[seller.name];
  const place = indiaPincodes().find((p) => p.pincode === registration?.pincode);
  if (!registration || !place) throw new Error(`demo shop: no registered place for ${seller.name}`);
  const gstin = demoGstin(seller.state, seller.name, serial);
  return {
    name: seller.name,
    city: seller.city,
    gstin,
    legal_name: registration.legalName,
    address: registration.street,
    pincode: registration.pincode,
    state: place.state,
    pan: gstin.slice(2, 12),
    phone: `98${String(30_000_000 + serial * 104_729).slice(-8)}`,
    email: `orders@${lower(seller.name).replace(/[^a-z]/g, '')}.example`,
  };
}

/**
 * Which partner serves which pincode. A courier covers a district or not (most districts in the
 * plains, fewer in the hills), and within one skips a few far villages; the metros are served by
 * every partner, the islands and Ladakh by none. Its own generator, so the pincode data never shifts
 * the rest of the shop.
 */
function partnerPincodes(): DemoShop['partnerPincodes'] {
  const rng = new Random('partner-pincodes');
  const named = new Map(PINCODES.map((p) => [p.pincode, p.served]));
  const districts = [...new Set(indiaPincodes().map((p) => `${p.state}|${p.district}`))];
  return PARTNERS.flatMap(({ code }) => {
    const covered = new Set(
      districts.filter((d) => rng.chance(HILL_STATES.has(d.split('|')[0] ?? '') ? 0.55 : 0.88)),
    );
    return indiaPincodes()
      .filter(({ pincode, district, state }) => {
        const served = named.get(pincode);
        if (served === 'all') return true;
        if (served === 'none' || UNSERVED_STATES.has(state)) return false;
        return covered.has(`${state}|${district}`) && rng.chance(0.95);
      })
      .map(({ pincode }) => ({ partner: code, pincode }));
  });
}

/** The demo shop: the same rows on every machine and every run. */
export function generateDemoShop(): DemoShop {
  return new ShopGenerator().generate();
}
