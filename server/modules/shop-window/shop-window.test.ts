import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { HomeResponse } from '../../../contract/catalogue.ts';
import type {
  AdminShopWindow,
  ShopWindowBody,
  ShopWindowResponse,
  WindowLink,
} from '../../../contract/shop-window.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
type Refused = { error: string; fields: Record<string, string> };

const png = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

const listing = (userSegment: string, genre: string): WindowLink => ({ kind: 'listing', userSegment, genre });

describeEachDatabase(
  'the shop window',
  (t) => {
    let admin: TestClient;
    let photo: string;
    let kurta: FixtureProduct;
    let dupatta: FixtureProduct;
    let shirt: FixtureProduct;
    let craft: FixtureProduct;

    const shopper = () => new TestClient(t().baseUrl);
    const window = async () => {
      const res = await shopper().get<ShopWindowResponse>('/api/shop-window');
      expect(res.status).toBe(200);
      return res.body;
    };
    const saved = async () => (await admin.get<AdminShopWindow>('/admin/api/shop-window', BEARER)).body;
    const put = (body: unknown) =>
      admin.put<AdminShopWindow & Refused>('/admin/api/shop-window', body, BEARER);
    const withdraw = (product: FixtureProduct) =>
      admin.post(`/admin/api/products/${product.id}/withdraw`, undefined, BEARER);
    const restore = (product: FixtureProduct) =>
      admin.post(`/admin/api/products/${product.id}/restore`, undefined, BEARER);
    const slide = (over: Partial<ShopWindowBody['slides'][number]> = {}) => ({
      title: 'Madder prints',
      text: 'Hand block-printed in Bagru',
      photo,
      link: listing('Women', 'Kurta'),
      ...over,
    });

    beforeAll(async () => {
      admin = new TestClient(t().baseUrl);
      // an empty shop's answer, before it has anything on sale
      expect(await window()).toEqual({ slides: [], tiles: [] });
      expect(await saved()).toEqual({ slides: [], tiles: [] });
      const res = await admin.post<{ photo: string }>(
        '/admin/api/products/photos',
        await photoForm(),
        BEARER,
      );
      expect(res.status).toBe(200);
      photo = res.body.photo;
    });

    async function photoForm(): Promise<FormData> {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'slide.png');
      return body;
    }

    it('an empty shop answers no slides and no tiles, to anyone without a session', async () => {
      const res = await fetch(`${t().baseUrl}/api/shop-window`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ slides: [], tiles: [] });
    });

    it('builds one tile per pair of GET /home in its order, with a photo of it, then Crafts', async () => {
      const fixtures = new Fixtures(t().db);
      kurta = await fixtures.product({ userSegment: 'Women', genre: 'Kurta', photos: ['kurta-1.webp'] });
      dupatta = await fixtures.product({
        userSegment: 'Women',
        genre: 'Dupatta',
        photos: ['dupatta-1.webp'],
      });
      shirt = await fixtures.product({ userSegment: 'Men', genre: 'Shirt', photos: ['shirt-1.webp'] });
      // a withdrawn product of its own genre: no tile for it
      await fixtures.product({ userSegment: 'Men', genre: 'Kurta', active: false });
      craft = await fixtures.product({
        prod: 'accessories',
        userSegment: 'Crafts',
        genre: 'Dokra',
        photos: ['dokra-1.webp'],
      });
      // the catalogue's caches hear of the new products through a change, as an owner's save announces one
      await withdraw(shirt);
      await restore(shirt);

      const home = (await shopper().get<HomeResponse>('/home')).body;
      expect(home.length).toBe(3);
      const { slides, tiles } = await window();
      expect(slides).toEqual([]);
      const photos: Record<string, string> = {
        Kurta: 'kurta-1.webp',
        Dupatta: 'dupatta-1.webp',
        Shirt: 'shirt-1.webp',
      };
      expect(tiles).toEqual([
        ...home.map(({ userSegment, genre }) => ({
          title: genre,
          photoUrl: `/images/${photos[genre]}`,
          link: { kind: 'listing', userSegment, genre },
          href: `/item/${encodeURIComponent(userSegment)}/${encodeURIComponent(genre)}/%7B%7D`,
        })),
        {
          title: 'Crafts',
          photoUrl: '/images/dokra-1.webp',
          link: { kind: 'crafts' },
          href: '/accessories/%7B%7D',
        },
      ]);
      // the owner has saved nothing: the back office says so
      expect(await saved()).toEqual({ slides: [], tiles: [] });
    });

    it('the built tiles follow a product withdrawn and restored at once', async () => {
      expect((await withdraw(shirt)).status).toBe(200);
      expect((await window()).tiles.map((tile) => tile.title)).not.toContain('Shirt');
      expect((await restore(shirt)).status).toBe(200);
      expect((await window()).tiles.map((tile) => tile.title)).toContain('Shirt');
    });

    it('saves slides and tiles in order and shows them with their addresses and photos', async () => {
      const body: ShopWindowBody = {
        slides: [
          slide(),
          slide({ title: 'Dokra & brass', text: '', link: { kind: 'crafts' } }),
          slide({ title: 'One shirt', link: { kind: 'product', productId: shirt.id } }),
        ],
        tiles: [
          { title: 'Dupattas', link: listing('Women', 'Dupatta') },
          { title: 'Block print & more', photo, link: { kind: 'search', q: '  block print & more ' } },
        ],
      };
      const res = await put(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        slides: [
          { ...slide(), shown: true },
          { ...slide({ title: 'Dokra & brass', text: '', link: { kind: 'crafts' } }), shown: true },
          { ...slide({ title: 'One shirt', link: { kind: 'product', productId: shirt.id } }), shown: true },
        ],
        tiles: [
          { title: 'Dupattas', photo: null, link: listing('Women', 'Dupatta'), shown: true },
          {
            title: 'Block print & more',
            photo,
            link: { kind: 'search', q: 'block print & more' },
            shown: true,
          },
        ],
      });
      expect(await saved()).toEqual(res.body);

      const { slides, tiles } = await window();
      expect(slides).toEqual([
        {
          title: 'Madder prints',
          text: 'Hand block-printed in Bagru',
          photoUrl: `/images/${photo}`,
          link: listing('Women', 'Kurta'),
          href: '/item/Women/Kurta/%7B%7D',
        },
        {
          title: 'Dokra & brass',
          text: '',
          photoUrl: `/images/${photo}`,
          link: { kind: 'crafts' },
          href: '/accessories/%7B%7D',
        },
        {
          title: 'One shirt',
          text: 'Hand block-printed in Bagru',
          photoUrl: `/images/${photo}`,
          link: { kind: 'product', productId: shirt.id },
          href: `/product/apparel/${shirt.id}`,
        },
      ]);
      expect(tiles).toEqual([
        {
          title: 'Dupattas',
          photoUrl: null,
          link: listing('Women', 'Dupatta'),
          href: '/item/Women/Dupatta/%7B%7D',
        },
        {
          title: 'Block print & more',
          photoUrl: `/images/${photo}`,
          link: { kind: 'search', q: 'block print & more' },
          href: '/search?q=block+print+%26+more',
        },
      ]);
      const image = await fetch(`${t().baseUrl}${slides[0]?.photoUrl}?w=640`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    });

    it('leaves out what leads to nothing on sale at once, keeps it saved, and shows it again on restore', async () => {
      await withdraw(kurta);
      await withdraw(shirt);
      await withdraw(craft);
      const now = await window();
      expect(now.slides).toEqual([]);
      // a search tile is always shown
      expect(now.tiles.map((tile) => tile.title)).toEqual(['Dupattas', 'Block print & more']);
      const kept = await saved();
      expect(kept.slides.map((s) => [s.title, s.shown])).toEqual([
        ['Madder prints', false],
        ['Dokra & brass', false],
        ['One shirt', false],
      ]);
      await withdraw(dupatta);
      expect((await window()).tiles.map((tile) => tile.title)).toEqual(['Block print & more']);

      for (const product of [kurta, shirt, craft, dupatta]) await restore(product);
      const back = await window();
      expect(back.slides.map((s) => s.title)).toEqual(['Madder prints', 'Dokra & brass', 'One shirt']);
      expect(back.tiles.map((tile) => tile.title)).toEqual(['Dupattas', 'Block print & more']);
    });

    it('refuses each wrong item by its place, with 400 {error, fields}, and saves nothing', async () => {
      const before = await saved();
      const fixtures = new Fixtures(t().db);
      const withdrawn = await fixtures.product({ userSegment: 'Women', genre: 'Kurta', active: false });
      const res = await put({
        slides: [
          slide({ title: '' }),
          slide({ title: 'x'.repeat(61), text: 'y'.repeat(141) }),
          slide({ photo: 'p-00000000-0000-0000-0000-000000000000.webp' }),
          slide({ photo: '' }),
          slide({ link: listing('Women', 'Sherwani') }),
        ],
        tiles: [
          { title: 'Fine', link: listing('Women', 'Kurta') },
          { title: 'Nobody', link: { kind: 'product', productId: 999_999 } },
          { title: 'Withdrawn', link: { kind: 'product', productId: withdrawn.id } },
          { title: 'Blank', link: { kind: 'search', q: '   ' } },
          { title: '   ', photo: '../etc/passwd', link: listing('Men', 'Shirt') },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(Object.keys(res.body.fields).sort()).toEqual(
        [
          'slides.0.title',
          'slides.1.title',
          'slides.1.text',
          'slides.2.photo',
          'slides.3.photo',
          'slides.4.link',
          'tiles.1.link',
          'tiles.2.link',
          'tiles.3.link',
          'tiles.4.title',
          'tiles.4.photo',
        ].sort(),
      );
      expect(await saved()).toEqual(before);
    });

    it('takes at most 8 slides and 24 tiles, 60 characters of title and 140 of text', async () => {
      const before = await saved();
      const tile = { title: 'Kurtas', link: listing('Women', 'Kurta') };
      const tooMany = await put({
        slides: Array.from({ length: 9 }, () => slide()),
        tiles: Array.from({ length: 25 }, () => tile),
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.fields).toEqual({ slides: 'At most 8 slides', tiles: 'At most 24 tiles' });
      expect(await saved()).toEqual(before);

      const most = await put({
        slides: Array.from({ length: 8 }, () => slide({ title: 'x'.repeat(60), text: 'y'.repeat(140) })),
        tiles: Array.from({ length: 24 }, () => tile),
      });
      expect(most.status).toBe(200);
      expect(most.body.slides.length).toBe(8);
      expect((await window()).tiles.length).toBe(24);
    });

    it('a wrong shape is a 400 by field; a change needs the back office', async () => {
      const wrong = await put({
        slides: [{ title: 'A', text: '', photo, link: { kind: 'page', path: '/x' } }],
        tiles: [],
      });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.fields).some((key) => key.startsWith('slides.0.link'))).toBe(true);
      const missing = await put({ slides: [] });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({ tiles: 'Required' });

      const anonymous = await shopper().put('/admin/api/shop-window', { slides: [], tiles: [] });
      expect(anonymous.status).toBe(401);
      expect((await shopper().get('/admin/api/shop-window')).status).toBe(401);
    });

    it('tiles: [] goes back to the built tiles and slides: [] means none', async () => {
      const res = await put({ slides: [], tiles: [] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ slides: [], tiles: [] });
      const { slides, tiles } = await window();
      expect(slides).toEqual([]);
      expect(tiles.map((tile) => tile.title)).toEqual([
        ...(await shopper().get<HomeResponse>('/home')).body.map((item) => item.genre),
        'Crafts',
      ]);
    });
  },
  {},
  { empty: true },
);
