/**
 * Fills a PostgreSQL database with a large catalogue for the load benchmark (default 1,000,000 products,
 * about 5,000,000 SKUs), generated server-side with INSERT ... SELECT over generate_series. Every value
 * comes from hashint8extended(row, salt), so the same arguments always give the same catalogue.
 *
 *   npx tsx bench/generate.ts [--database-url URL] [--products N] [--reset]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connectPostgres } from '../server/db/connect.ts';
import { migrate } from '../server/db/migrate.ts';
import { generateDemoShop } from '../server/demo/catalogue/generate.ts';
import { adminUrl } from '../server/test/postgres.ts';
import { benchGenres, FIRST_NAMES, LAST_NAMES, REVIEW_TEXTS } from './catalogue.ts';

const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/haat_bench';
const CUSTOMERS = 50_000;
const GENRES = benchGenres();
// the demo shop's sellers, couriers and pincodes, so partner codes and pincode checks work as in the demo
const DEMO = generateDemoShop();

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    products: { type: 'string', default: '1000000' },
    reset: { type: 'boolean', default: false },
  },
});

const url = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const products = Number(args.products);
if (!Number.isInteger(products) || products < 4) throw new Error('--products must be a whole number >= 4');
const dbName = new URL(url).pathname.slice(1);
// the test suite owns this one; never fill (or truncate) it
if (dbName === 'test' || dbName === 'postgres') throw new Error(`refusing to fill the "${dbName}" database`);

const started = performance.now();
function step(label: string): void {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${label}`);
}

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const arr = (values: readonly string[]) => `ARRAY[${values.map(lit).join(', ')}]::text[]`;
/** the i-th of `values` (i from a hash), as a SQL expression */
const pick = (values: readonly string[], hash: string) => `(${arr(values)})[1 + ${hash} % ${values.length}]`;

async function createDatabaseIfMissing(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url, 'postgres') });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (!rowCount) {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
    step(`created database ${dbName}`);
  }
  await admin.end();
}

async function migrateDatabase(): Promise<void> {
  const handle = connectPostgres(url, 1);
  await migrate(handle.db);
  await handle.close();
  step('migrated');
}

// h(i, salt, m): a deterministic pseudo-random integer in [0, m)
const HASH_FUNCTION = `
CREATE FUNCTION pg_temp.h(i bigint, salt bigint, m bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (hashint8extended(i, salt) & 9223372036854775807) % m $$`;

const opt = (values: readonly string[] | undefined) => (values ? arr(values) : 'NULL::text[]');

function genreTable(): string {
  let upper = 0;
  const rows = GENRES.map(({ spec, weight, sizeRun, sellerIds, siblingMasks }, index) => {
    const lo = upper;
    upper += weight;
    return `(${index + 1}, ${lit(spec.prod)}, ${lit(spec.segment)}, ${lit(spec.genre)}, ${lit(spec.code)}, ${lo}, ${upper},
      ${spec.price[0]}, ${spec.price[1]}, ${arr(spec.colours)}, ${arr(spec.fabrics)}, ${arr(spec.patterns)},
      ${arr(spec.nouns)}, ${arr(sizeRun)}, ${opt(spec.sleeves)}, ${opt(spec.necks)}, ${opt(spec.fits)},
      ${arr(spec.occasions)}, ${spec.craft ? lit(spec.craft) : 'NULL'}, ${lit(spec.weight)},
      ARRAY[${sellerIds.join(', ')}], ARRAY[${siblingMasks.join(', ')}], ${lit(JSON.stringify(spec.specs))}::jsonb)`;
  });
  return `
CREATE TEMP TABLE bench_genres (
  id int, prod text, segment text, genre text, code text, lo int, hi int, price_lo int, price_hi int,
  colours text[], fabrics text[], patterns text[], nouns text[], size_run text[], sleeves text[], necks text[],
  fits text[], occasions text[], craft text, weight_cat text, seller_ids int[], masks int[], spec_options jsonb
) ON COMMIT DROP;
INSERT INTO bench_genres VALUES ${rows.join(',\n')};`;
}

/**
 * Products come in blocks of four ids, each block in one genre; a block splits into one to four
 * designs (colour siblings sharing a child key, name, price and features, each in its own colour) as
 * the genre's sibling range allows.
 */
function productsInsert(): string {
  const totalWeight = GENRES.reduce((sum, g) => sum + g.weight, 0);
  const h = (key: string, salt: number, m: number | string) => `pg_temp.h(${key}, ${salt}, ${m})`;
  const any = (values: string, salt: number) =>
    `${values}[1 + ${h('style', salt, `cardinality(${values})`)}]`;
  const optional = (values: string, salt: number) =>
    `CASE WHEN ${values} IS NOT NULL THEN jsonb_build_array(${any(values, salt)}) END`;
  return `
INSERT INTO products (id, prod, user_segment, genre, name, description, seller_id, partner_id, child_key, color,
  features, specs, current_price_paise, old_price_paise, active, photos, sku, launch_date, weight_cat, created_at)
WITH slots AS (
  SELECT p, (p - 1) % 4 AS q, ((p - 1) / 4) * 4 AS block, ${h('(p - 1) / 4', 2, totalWeight)} AS genre_draw
  FROM generate_series(1, ${products}) AS p
), blocks AS (
  SELECT s.p, s.q, s.block, g.*, g.masks[1 + ${h('s.block', 1, 'cardinality(g.masks)')}] AS mask
  FROM slots s JOIN bench_genres g ON s.genre_draw >= g.lo AND s.genre_draw < g.hi
), styled AS (
  SELECT b.*, b.block + CASE WHEN b.q >= 3 AND b.mask & 4 <> 0 THEN 3 WHEN b.q >= 2 AND b.mask & 2 <> 0 THEN 2
    WHEN b.q >= 1 AND b.mask & 1 <> 0 THEN 1 ELSE 0 END AS style
  FROM blocks b
), drawn AS (
  SELECT s.*,
    s.colours[1 + (${h('s.style', 3, 'cardinality(s.colours)')} + s.p - 1 - s.style) % cardinality(s.colours)] AS colour,
    ${any('s.fabrics', 4)} AS fabric,
    ${any('s.patterns', 5)} AS pattern,
    ${any('s.nouns', 6)} AS noun,
    least(s.price_hi, greatest(s.price_lo, (s.price_lo + ${h('s.style', 7, 's.price_hi - s.price_lo + 1')}) / 100 * 100 + 99))
      AS price,
    (ARRAY[0, 10, 15, 20, 25, 30, 35, 40, 50, 60, 70])[1 + ${h('s.style', 8, 11)}] AS discount,
    least(cardinality(s.size_run), 5 + ${h('s.style', 9, 6)}) AS n_sizes,
    ${h('s.style', 10, 9)} AS size_shift,
    ${h('s.style', 11, 'cardinality(s.occasions)')} AS occasion1,
    ${h('s.style', 12, 2)} AS occasion_extra
  FROM styled s
), sized AS (
  SELECT d.*, d.size_run[1 + d.size_shift % (cardinality(d.size_run) - d.n_sizes + 1)
    : d.size_shift % (cardinality(d.size_run) - d.n_sizes + 1) + d.n_sizes] AS sizes,
    array_remove(ARRAY[d.occasions[1 + d.occasion1], CASE WHEN d.occasion_extra = 0 AND cardinality(d.occasions) > 1
      THEN d.occasions[1 + (d.occasion1 + 1) % cardinality(d.occasions)] END], NULL) AS chosen_occasions,
    'HB-' || d.code || '-' || lpad(d.p::text, 7, '0') AS sku_code
  FROM drawn d
)
SELECT p, prod, segment, genre,
  ltrim(pattern || ' ' || fabric || ' ' || noun),
  'A ' || lower(pattern) || ' ' || lower(noun) || ' in ' || lower(fabric) || ', made in small batches.',
  ${any('seller_ids', 13)},
  1 + ${h('style', 14, DEMO.partners.length)},
  code || '-B' || style,
  colour,
  jsonb_strip_nulls(jsonb_build_object(
    CASE WHEN prod = 'accessories' THEN 'material' ELSE 'fabric' END, jsonb_build_array(fabric),
    'craft', CASE WHEN prod = 'accessories' THEN jsonb_build_array(coalesce(craft, genre)) END,
    'size', CASE WHEN prod = 'apparel' THEN to_jsonb(sizes) END,
    'sleeveSize', ${optional('sleeves', 15)},
    'neckLine', ${optional('necks', 16)},
    'fitType', ${optional('fits', 17)},
    'occasion', to_jsonb(chosen_occasions),
    'color', jsonb_build_array(colour))),
  jsonb_build_object('Pattern', pattern, 'Country of origin', 'India') || coalesce((
    SELECT jsonb_object_agg(o.key, o.value ->> ${h('style * 31 + o.n', 18, 'jsonb_array_length(o.value)')}::int)
    FROM jsonb_each(spec_options) WITH ORDINALITY AS o (key, value, n)), '{}'),
  price * 100,
  (price * 100 + (100 - discount) - 1) / (100 - discount) * 100,
  ${h('p', 19, 100)} >= 3,
  ARRAY(SELECT lower(sku_code) || '-' || k || '.webp' FROM generate_series(1, 1 + ${h('p', 20, 5)}) AS k),
  sku_code,
  DATE '2023-01-01' + (p::bigint * 1000 / ${products})::int,
  weight_cat,
  TIMESTAMPTZ '2023-01-01 00:00:00+00' + p * (INTERVAL '1000 days' / ${products})
FROM sized`;
}

/** One SKU per size (accessories: one SKU, size ''); 12% sold out, 20% low stock (under 10). */
const SKUS_INSERT = `
INSERT INTO skus (product_id, size, position, stock)
SELECT p.id, s.size, s.ord - 1,
  CASE WHEN pg_temp.h(p.id * 16 + s.ord, 21, 100) < 12 THEN 0
    WHEN pg_temp.h(p.id * 16 + s.ord, 21, 100) < 32 THEN 1 + pg_temp.h(p.id * 16 + s.ord, 22, 9)
    ELSE 10 + pg_temp.h(p.id * 16 + s.ord, 22, 140) END
FROM products p
CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(p.features -> 'size', '[""]')) WITH ORDINALITY AS s (size, ord)`;

/** The demo's sellers (ids in the order of server/demo/catalogue/sellers.ts), couriers and pincodes. */
async function insertReferenceData(client: pg.Client): Promise<void> {
  // json_populate_recordset takes the table's own row type, so the JSON keys are its column names; a key
  // left out is NULL, not the column's default, hence demo, active and handover_days spelled out
  const insertJson = (table: string, rows: unknown[]) =>
    client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`, [
      JSON.stringify(rows),
    ]);
  await insertJson(
    'sellers',
    DEMO.sellers.map((s, i) => ({ id: i + 1, demo: false, active: true, handover_days: 2, ...s })),
  );
  await insertJson(
    'delivery_partners',
    DEMO.partners.map((p, i) => ({ id: i + 1, demo: false, ...p })),
  );
  await insertJson('pincodes', DEMO.pincodes);
  const partnerIds = new Map(DEMO.partners.map((p, i) => [p.code, i + 1]));
  await insertJson(
    'partner_pincodes',
    DEMO.partnerPincodes.map((pp) => ({ partner_id: partnerIds.get(pp.partner), pincode: pp.pincode })),
  );
  await client.query(`
    INSERT INTO customers (id, phone, email, fname, lname)
    SELECT i, '9' || lpad(i::text, 9, '0'), 'shopper' || i || '@example.com',
      ${pick(FIRST_NAMES, 'pg_temp.h(i, 32, 1000)')}, ${pick(LAST_NAMES, 'pg_temp.h(i, 33, 1000)')}
    FROM generate_series(1, ${CUSTOMERS}) AS i`);
}

/** A fifth of the products have 1 to 8 reviews, by distinct customers. */
const REVIEWS_INSERT = `
INSERT INTO reviews (customer_id, product_id, rating, body, verified_purchase, created_at, updated_at)
SELECT 1 + (p.id::bigint * 7919 + k * 4729) % ${CUSTOMERS}, p.id,
  (ARRAY[5, 5, 5, 4, 4, 4, 3, 2, 1])[1 + pg_temp.h(p.id * 8 + k, 40, 9)],
  CASE WHEN pg_temp.h(p.id * 8 + k, 41, 3) = 0 THEN ''
    ELSE ${pick(REVIEW_TEXTS, 'pg_temp.h(p.id * 8 + k, 42, 1000)')} END,
  pg_temp.h(p.id * 8 + k, 43, 2) = 0,
  p.created_at + k * INTERVAL '3 days', p.created_at + k * INTERVAL '3 days'
FROM products p
CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.h(p.id, 44, 8)) AS k
WHERE pg_temp.h(p.id, 45, 5) = 0`;

const CATALOGUE_TABLES = [
  'reviews',
  'skus',
  'products',
  'search_words',
  'customers',
  'partner_pincodes',
  'pincodes',
];
// the products' triggers are off while loading (replica role), so the search vocabulary that suggests
// and corrects words is filled as migration 009 fills it
const SEARCH_WORDS_INSERT =
  'INSERT INTO search_words (word) SELECT DISTINCT unnest(search_terms) FROM products';
const RESET_TABLES = [...CATALOGUE_TABLES, 'sellers', 'delivery_partners'];

/** Secondary indexes of the big tables; built once after the load, which is far quicker than row by row. */
async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    WHERE i.indrelid IN ('products'::regclass, 'skus'::regclass, 'reviews'::regclass)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`);
  for (const row of rows) await client.query(`DROP INDEX ${row.name}`);
  return rows.map((row) => row.def);
}

async function fill(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM products');
  const existing = Number(rows[0]?.n ?? 0);
  if (existing > 0 && !args.reset) {
    throw new Error(`${dbName} already holds ${existing} products; pass --reset to replace the catalogue`);
  }
  await client.query('BEGIN');
  // one transaction: a failed run leaves the database as it was, indexes included
  await client.query("SET LOCAL session_replication_role = 'replica'");
  await client.query(HASH_FUNCTION);
  await client.query(genreTable());
  await client.query(`TRUNCATE ${RESET_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  const indexes = await dropSecondaryIndexes(client);
  await insertReferenceData(client);
  step('sellers, partners, pincodes, customers');
  const inserted = await client.query(productsInsert());
  step(`${inserted.rowCount} products`);
  const words = await client.query(SEARCH_WORDS_INSERT);
  step(`${words.rowCount} search words`);
  const skus = await client.query(SKUS_INSERT);
  step(`${skus.rowCount} SKUs`);
  const reviews = await client.query(REVIEWS_INSERT);
  step(`${reviews.rowCount} reviews`);
  for (const def of indexes) await client.query(def);
  step(`${indexes.length} secondary indexes rebuilt`);
  for (const [table, column] of [
    ['products', 'id'],
    ['sellers', 'id'],
    ['delivery_partners', 'id'],
    ['customers', 'id'],
  ]) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`,
    );
  }
  await client.query('COMMIT');
  // all-visible pages let the planner use index-only scans, as on a settled production table
  await client.query(`VACUUM ANALYZE ${RESET_TABLES.join(', ')}`);
  step('committed, vacuumed and analysed');
}

async function main(): Promise<void> {
  console.log(`haat bench generator: ${products} products into ${url}`);
  await createDatabaseIfMissing();
  await migrateDatabase();
  const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await client.connect();
  await client.query("SET maintenance_work_mem = '512MB'");
  await client.query("SET work_mem = '64MB'");
  await client.query('SET max_parallel_workers_per_gather = 0');
  await client.query('SET synchronous_commit = off');
  try {
    await fill(client);
    const { rows } = await client.query(`
      SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM skus) AS skus,
        (SELECT count(*) FROM products WHERE NOT active) AS inactive,
        (SELECT count(DISTINCT child_key) FROM products) AS styles,
        pg_size_pretty(pg_database_size(current_database())) AS size`);
    console.log(rows[0]);
  } finally {
    await client.end();
  }
  step('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
