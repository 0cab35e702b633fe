import type { ProductInfo } from '../../../../../contract/catalogue.ts';
import { FEATURE_LABELS, HIDDEN_PRODUCT_FIELDS } from '../../../../../contract/catalogue-constants.ts';

/** Identity, media, money and stock fields, and the fields the spec excludes: never specifications. */
const NOT_SPECS = new Set<string>([
  ...HIDDEN_PRODUCT_FIELDS,
  'id',
  'name',
  'prod',
  'partner',
  'childKey',
  'additionsize',
  'stock',
  'currentPrice',
  'oldPrice',
  'discount',
  'photo1',
  'photo2',
  'photo3',
  'photo4',
  'photo5',
  'description',
]);

const LABELS: Record<string, string> = {
  ...FEATURE_LABELS,
  active: 'availability',
  userSegment: 'segment',
  returnable: 'returns',
};

/** Unknown keys read as words: "sleeveLength" -> "sleeve length". */
function label(key: string): string {
  return LABELS[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * Fields whose values are codes, in words: the spec's `returnable: 'Y'` reads "returns: accepted" (the page
 * says "This item cannot be returned" in its own line, so the table does not repeat it).
 */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  returnable: { Y: 'Accepted', N: 'Not accepted' },
};

const valueText = (key: string, value: string) => VALUE_WORDS[key]?.[value] ?? value;

export function specifications(info: ProductInfo): [string, string][] {
  return Object.entries(info)
    .filter((entry): entry is [string, string] => !NOT_SPECS.has(entry[0]) && typeof entry[1] === 'string')
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => [label(key), valueText(key, value)]);
}

export function Specs({ info }: { info: ProductInfo }) {
  return (
    <section className="product-section specs" aria-labelledby="product-info-title">
      <h2 id="product-info-title" className="product-section-title">
        PRODUCT INFORMATION
      </h2>
      {info.description && <p className="specs-description">{info.description}</p>}
      <dl className="specs-list">
        {specifications(info).map(([name, value]) => (
          <div key={name} className="specs-row">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
