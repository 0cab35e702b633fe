import { describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import { productHead, type Site } from './head.ts';

const SITE: Site = {
  name: 'haat',
  legalName: 'Haat Retail LLP',
  logoUrl: '',
  supportEmail: 'care@haat.example',
  pageTitle: null,
  metaDescription: null,
  about: null,
  footerText: null,
  legalFormText: null,
};

const product = (sale: ProductResponse['productInfo']['sale']): ProductResponse => ({
  productInfo: {
    id: 7,
    name: 'Bagru kurta',
    prod: 'apparel',
    genre: 'Kurta',
    userSegment: 'Women',
    partner: 'BLUEDART',
    returnable: 'Y',
    childKey: 'bagru-kurta',
    color: 'Indigo',
    description: 'Hand-block printed',
    stock: 3,
    additionsize: { M: 3 },
    held: [],
    active: 'In stock',
    currentPrice: 1400,
    oldPrice: 4000,
    discount: 65,
    sale,
    photo1: 'kurta.webp',
  },
  review: [],
  rating: [],
  colorInfo: [],
  sizeChart: null,
  addToCart: [],
  wishStatus: [{ wished: 'N' }],
  loggedin: false,
  fit: null,
  usualSize: null,
});

const offerOf = (data: ProductResponse) =>
  (productHead(data, SITE, 'https://haat.example').structured as { offers: Record<string, unknown> }).offers;

describe("a product's share preview and JSON-LD during a sale", () => {
  it('carry the sale price, valid until the sale ends (its day in India)', () => {
    const onSale = product({ title: 'Diwali Sale', endsAt: '2026-11-14T23:59:59.000+05:30' });
    expect(offerOf(onSale)).toMatchObject({ price: 1400, priceValidUntil: '2026-11-14' });
    expect(productHead(onSale, SITE, 'https://haat.example').properties).toContainEqual([
      'product:price:amount',
      '1400',
    ]);
  });

  it('name no end to a price no sale gives', () => {
    expect(offerOf(product(null))).not.toHaveProperty('priceValidUntil');
  });
});
