import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';

/** Every path the spec tells apart by its `key` header, with the keys it takes (in the message's order). */
const KEYED_PATHS: [path: string, keys: string[]][] = [
  ['/product/apparel/1', ['addCart', 'wishUpdate']],
  ['/product/1', ['wishUpdate']],
  ['/api/wishlistPage/apparel/1', ['removeWish']],
  ['/api/apparel/purchasePage', ['deleteItem']],
  ['/api/purchasePage', ['checkOut']],
  ['/api/signUp', ['login', 'mail', 'phone']],
  ['/api/apparel/modifyProd', ['color']],
];

describeEachDatabase('the key header', (t) => {
  it.each(KEYED_PATHS)(
    'answers a missing or unknown key on %s with 400 naming the key',
    async (path, keys) => {
      const client = await t().client();
      const missing = await client.post(path, {});
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'key is required' });
      const unknown = await client.post(path, {}, { key: 'nonsense' });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ error: `key must be one of ${keys.map((k) => `"${k}"`).join(', ')}` });
    },
  );
});
