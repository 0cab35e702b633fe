import { expect, it } from 'vitest';
import type { PincodePlace } from '../../../contract/shopping.ts';
import { describeEachDatabase } from '../../test/app.ts';

describeEachDatabase('GET /api/pincodes/{pincode}', (t) => {
  it('answers the city and state of a pincode to anyone, and lets caches keep it', async () => {
    const visitor = await t().client();
    const res = await visitor.get<PincodePlace>('/api/pincodes/700016');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ pincode: '700016', city: 'Kolkata', state: 'West Bengal' });
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });

  it("answers from India's list a pincode no partner serves yet", async () => {
    const res = await (await t().client()).get<PincodePlace>('/api/pincodes/194101');
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('Ladakh');
  });

  it('answers 400 for anything but 6 digits starting 1-9, and 404 for a pincode that does not exist', async () => {
    const visitor = await t().client();
    for (const bad of ['12345', '1234567', '012345', '56000a', '%20']) {
      const res = await visitor.get<{ error: string }>(`/api/pincodes/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const unknown = await visitor.get<{ error: string }>('/api/pincodes/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(expect.any(String));
  });
});
