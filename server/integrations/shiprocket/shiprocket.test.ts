import { describe, expect, it } from 'vitest';
import { CourierError } from '../../modules/courier/partner.ts';
import { ShiprocketClient, type ShiprocketReply, type ShiprocketRequest } from './shiprocket.ts';

const DAY_MS = 86_400_000;
const SERVED = {
  data: {
    available_courier_companies: [
      { courier_company_id: 43, courier_name: 'Delhivery Surface', estimated_delivery_days: '4', rate: 54 },
      {
        courier_company_id: 19,
        courier_name: 'Ecom Express Surface',
        estimated_delivery_days: '6',
        rate: 150.12,
      },
    ],
    recommended_courier_company_id: 43,
  },
};

/** Shiprocket as the client sees it: every request kept, tokens numbered, answers chosen by the test. */
function shiprocket(
  answer: (request: ShiprocketRequest) => ShiprocketReply = () => ({ status: 200, body: SERVED }),
) {
  const requests: ShiprocketRequest[] = [];
  let logins = 0;
  const transport = async (request: ShiprocketRequest): Promise<ShiprocketReply> => {
    requests.push(request);
    if (request.path === '/v1/external/auth/login') {
      logins += 1;
      return { status: 200, body: { token: `token-${logins}` } };
    }
    return answer(request);
  };
  return { transport, requests, logins: () => logins };
}

const USER = { email: 'api@shop.example', password: 'secret' };

describe("Shiprocket's client", () => {
  it('logs in once and renews the token a day before its 10 days run out', async () => {
    const api = shiprocket();
    let now = new Date('2026-01-01T00:00:00Z');
    const client = new ShiprocketClient(USER, api.transport, () => now);
    await client.serviceability('700001', '110001', 0.5);
    now = new Date(now.getTime() + 9 * DAY_MS - 1);
    await client.serviceability('700001', '110001', 0.5);
    expect(api.logins()).toBe(1);
    now = new Date(now.getTime() + 1);
    await client.serviceability('700001', '110001', 0.5);
    expect(api.logins()).toBe(2);
    expect(api.requests.at(-1)?.token).toBe('token-2');
    expect(api.requests[0]?.body).toEqual(USER);
  });

  it("asks serviceability with Shiprocket's fields and reads its recommended courier", async () => {
    const api = shiprocket();
    const client = new ShiprocketClient(USER, api.transport);
    const { couriers, recommended } = await client.serviceability('700001', '110001', 0.5);
    expect(api.requests[1]?.path).toBe(
      '/v1/external/courier/serviceability/?pickup_postcode=700001&delivery_postcode=110001&weight=0.5&cod=0',
    );
    expect(couriers).toHaveLength(2);
    expect(recommended).toEqual({ courierId: 43, courierName: 'Delhivery Surface', days: 4, rate: 54 });
  });

  it('logs in again once when a token is refused, and reads a 404 as no courier', async () => {
    let refusals = 1;
    const api = shiprocket(() => {
      if (refusals-- > 0) return { status: 401, body: { message: 'Token has expired' } };
      return { status: 404, body: { message: 'Delivery postcode not serviceable', status: 404 } };
    });
    const client = new ShiprocketClient(USER, api.transport);
    expect(await client.serviceability('700001', '744101', 0.5)).toEqual({
      couriers: [],
      recommended: undefined,
    });
    expect(api.logins()).toBe(2);
  });

  it("fails with Shiprocket's own reason, and says when it cannot be reached", async () => {
    const refusing = shiprocket(() => ({
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { weight: ['The weight must be a number.'] } },
    }));
    const error = await new ShiprocketClient(USER, refusing.transport)
      .serviceability('700001', '110001', 0.5)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CourierError);
    expect((error as CourierError).message).toBe(
      'Shiprocket refused to check serviceability (422): Oops! Invalid Data.: The weight must be a number.',
    );
    const down = new ShiprocketClient(USER, async () => {
      throw new TypeError('fetch failed');
    });
    await expect(down.serviceability('700001', '110001', 0.5)).rejects.toThrow(
      'Shiprocket could not be reached to log in (fetch failed)',
    );
  });
});
