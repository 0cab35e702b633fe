import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, SelectedFilters } from '../../../contract/catalogue.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';

/** A genre of its own, so every count is exact whatever the demo catalogue holds. */
const SEGMENT = 'Countwear';
const GENRE = 'Facetgown';
const listingUrl = (filters: SelectedFilters) =>
  `/api/item/${SEGMENT}/${GENRE}/${encodeURIComponent(JSON.stringify(filters))}`;

const COLORS = ['Red', 'Blue', 'Green', 'Black'];
const SIZE_SETS = [['S', 'M'], ['M', 'L'], ['XL']];
// around the edges of "500-999" and "1000-1999": 499.49 shows as 499, 499.50 as 500, 999.49 as 999
const PRICES = [49_949, 49_950, 99_949, 99_950, 150_000, 20_000, 199_949, 199_950];
const DISCOUNTS = [9, 10, 29, 30, 70];

describeEachDatabase('facet counts against the listings they promise', (t) => {
  let fixtures: Fixtures;
  let shopper: TestClient;
  let staff: TestClient;
  const products: FixtureProduct[] = [];

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    for (let i = 0; i < 16; i++) {
      const price = PRICES[i % PRICES.length] ?? 50_000;
      const discount = DISCOUNTS[i % DISCOUNTS.length] ?? 0;
      const color = COLORS[i % COLORS.length] ?? 'Red';
      const sizes = SIZE_SETS[i % SIZE_SETS.length] ?? ['M'];
      products.push(
        await fixtures.product({
          userSegment: SEGMENT,
          genre: GENRE,
          color,
          features: {
            color: [color],
            size: sizes,
            ...(i % 3 > 0 && { fabric: [i % 2 ? 'Silk' : 'Cotton'] }),
          },
          sizes: sizes.map((size) => [size, 5] as [string, number]),
          pricePaise: price,
          oldPricePaise: Math.ceil((price * 100) / (100 - discount)),
        }),
      );
    }
    shopper = await t().client();
    staff = new TestClient(t().baseUrl);
  });

  const list = async (filters: SelectedFilters, sort = 0) => {
    const res = await shopper.post<ListingResponse>(listingUrl(filters), { page: 1, sort });
    expect(res.status).toBe(200);
    return res.body;
  };

  /** Every value's count is the size of the listing with that value chosen for its feature. */
  async function expectCountsKept(filters: SelectedFilters, sort = 0) {
    const answer = await list(filters, sort);
    expect(Object.keys(answer.filterCounts)).toEqual(
      expect.arrayContaining(['color', 'size', 'price', 'discount']),
    );
    for (const [feature, values] of Object.entries(answer.filterCounts)) {
      for (const [value, count] of Object.entries(values)) {
        const chosen = await list({ ...filters, [feature]: [value] }, sort);
        expect(count, `${JSON.stringify(filters)}: ${feature} ${value}`).toBe(chosen.noOfEntries);
      }
    }
    return answer;
  }

  it.each<SelectedFilters>([
    {},
    { color: ['Red'] },
    { color: ['Red', 'Blue'], size: ['M'] },
    { price: ['500-999'] },
    { price: ['1000-1999'], fabric: ['Silk'] },
    { discount: ['30'], size: ['M', 'XL'] },
    { discount: ['10'], price: ['0-499', '1000-1999'] },
  ])('counts each value as the listing with it chosen answers: %j', async (filters) => {
    await expectCountsKept(filters);
  });

  it('puts a price on the edge of a bucket where its card shows it, and a discount on its step', async () => {
    const counts = (await list({})).filterCounts;
    // 499.49 and 20.00 below 500; 499.50, 999.49 in "500-999"; 999.50, 1500, 1999.49 in "1000-1999"
    expect(counts.price).toMatchObject({ '0-499': 4, '500-999': 4, '1000-1999': 6, '2000-4999': 2 });
    // of 9, 10, 29, 30, 70 (16 products): "10" counts 10 and above, "30" counts 30 and above
    expect(counts.discount).toMatchObject({ '10': 12, '30': 6, '70': 3 });
  });

  it('keeps the counts right after a sale empties a size, a withdrawal and a catalogue change', async () => {
    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const before = await list({ color: ['Red'] });
    const red = products.filter((_, i) => i % COLORS.length === 0);
    const [first, second] = red;
    if (!first || !second) throw new Error('fixtures missing');

    // a size sold out: still listed under its sizes (the card offers the next size in stock)
    const emptied = await staff.put(
      '/admin/api/stock',
      { productId: first.id, size: 'S', quantity: 0 },
      admin,
    );
    expect(emptied.status).toBe(200);
    const afterSale = await expectCountsKept({ color: ['Red'] });
    expect(afterSale.noOfEntries).toBe(before.noOfEntries);

    // withdrawn: gone from the listing and from every count
    const withdrawn = await staff.post(`/admin/api/products/${first.id}/withdraw`, {}, admin);
    expect(withdrawn.status).toBe(200);
    const afterWithdrawal = await expectCountsKept({ color: ['Red'] });
    expect(afterWithdrawal.noOfEntries).toBe(before.noOfEntries - 1);
    expect(afterWithdrawal.prods.map((p) => p.id)).not.toContain(first.id);
    expect(afterWithdrawal.filterCounts.color?.Red).toBe((before.filterCounts.color?.Red ?? 0) - 1);

    // recoloured by SQL, as the owner's own statements would (no announcement): seen by the next
    // listing not answered from the cache (another sort)
    await t()
      .db.updateTable('products')
      .set({ color: 'Teal', features: JSON.stringify({ color: ['Teal'], size: ['M', 'L'] }) })
      .where('id', '=', second.id)
      .execute();
    const recoloured = await expectCountsKept({ color: ['Red'] }, 1);
    expect(recoloured.noOfEntries).toBe(before.noOfEntries - 2);
    expect(recoloured.filterCounts.color?.Teal).toBe(1);

    const restored = await staff.post(`/admin/api/products/${first.id}/restore`, {}, admin);
    expect(restored.status).toBe(200);
    expect((await list({ color: ['Red'] })).noOfEntries).toBe(before.noOfEntries - 1);
  });

  describe('search', () => {
    it('counts a search facet as the search with that value chosen answers', async () => {
      const search = async (filters: SelectedFilters) => {
        const res = await shopper.get<ListingResponse>(
          `/api/search?q=facetgown&filters=${encodeURIComponent(JSON.stringify(filters))}`,
        );
        expect(res.status).toBe(200);
        return res.body;
      };
      const answer = await search({ size: ['M'] });
      expect(answer.noOfEntries).toBeGreaterThan(0);
      for (const [feature, values] of Object.entries(answer.filterCounts)) {
        for (const [value, count] of Object.entries(values)) {
          expect(count, `${feature} ${value}`).toBe(
            (await search({ size: ['M'], [feature]: [value] })).noOfEntries,
          );
        }
      }
    });
  });
});
