import { expect, it } from 'vitest';
import type { Profile } from '../../../contract/accounts.ts';
import { INDIA_STATES, UNKNOWN_STATE_MESSAGE } from '../../../contract/address-constants.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { signUpShopper } from '../../test/shopper.ts';

describeEachDatabase('the address State (decision 035)', (t) => {
  async function loggedIn() {
    const client = await t().client();
    await signUpShopper(client);
    const profile = (await client.get<Profile>('/api/profile')).body;
    return { client, profile };
  }

  const address = (profile: Profile, pin: string) => ({
    ...profile,
    houseNo: '4',
    roadName: 'Marine Drive',
    areaName: 'Churchgate',
    postOffice: 'Churchgate',
    city: 'Mumbai',
    pin,
  });

  it('names all 36 states and union territories as the pincode table spells them', async () => {
    expect(INDIA_STATES).toHaveLength(36);
    const tableStates = await t().db.selectFrom('pincodes').select('state').distinct().execute();
    for (const { state } of tableStates) expect(INDIA_STATES).toContain(state);
  });

  it("answers '' for a profile with no address yet", async () => {
    const { profile } = await loggedIn();
    expect(profile.state).toBe('');
  });

  it("takes the pincode's state when the address is saved without one (a client that knows only the spec's fields)", async () => {
    const { client, profile } = await loggedIn();
    const { state: _none, ...specFields } = address(profile, '400001');
    const res = await client.post<Profile>('/editProfile', specFields);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('Maharashtra');
    const moved = await client.post<Profile>('/editProfile', { ...specFields, pin: '700001', state: '' });
    expect(moved.body.state).toBe('West Bengal');
    expect((await client.get<Profile>('/api/profile')).body.state).toBe('West Bengal');
  });

  it("keeps the shopper's own choice, even where it differs from the pincode's", async () => {
    const { client, profile } = await loggedIn();
    const res = await client.post<Profile>('/editProfile', { ...address(profile, '400001'), state: 'Goa' });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('Goa');
  });

  it("refuses a state that is not one of India's with 400 and fields.state, and changes nothing", async () => {
    const { client, profile } = await loggedIn();
    await client.post('/editProfile', address(profile, '400001'));
    const before = (await client.get<Profile>('/api/profile')).body;
    for (const state of ['Bombay', 'maharashtra', 'West  Bengal', 'x'.repeat(61)]) {
      const res = await client.post<{ error: string; fields?: Record<string, string> }>('/editProfile', {
        ...address(profile, '560001'),
        state,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error, JSON.stringify(res.body)).toMatch(/state/);
      if (state.length <= 60)
        expect(res.body.fields, JSON.stringify(res.body)).toEqual({ state: UNKNOWN_STATE_MESSAGE });
    }
    expect((await client.get<Profile>('/api/profile')).body).toEqual(before);
  });

  it("carries the state into the bag page's shipping address", async () => {
    const { client, profile } = await loggedIn();
    await client.post('/editProfile', { ...address(profile, '400001'), state: 'Maharashtra' });
    const page = await client.get<{ userInfo: { state?: string } }>('/api/purchasePage');
    expect(page.body.userInfo.state).toBe('Maharashtra');
  });
});
