import {
  CourierError,
  type CourierOption,
  type CourierPartner,
  type Serviceability,
  type TrackingEvent,
} from './partner.ts';
import { fromShiprocketTime } from './shiprocket-time.ts';

/** One call of Shiprocket's REST API (paths under https://apiv2.shiprocket.in), and its answer. */
export interface ShiprocketRequest {
  method: 'GET' | 'POST';
  /** e.g. /v1/external/courier/serviceability?pickup_postcode=... */
  path: string;
  /** the login's token, sent as `Authorization: Bearer` */
  token?: string;
  body?: unknown;
}
export interface ShiprocketReply {
  status: number;
  body: unknown;
}
export type ShiprocketTransport = (request: ShiprocketRequest) => Promise<ShiprocketReply>;

// a page never waits this long (the estimate has its own, shorter wait); a booking may
const REQUEST_TIMEOUT_MS = 15_000;

/** Shiprocket over HTTPS (or a fake of it on this machine), each call given up after REQUEST_TIMEOUT_MS. */
export function httpTransport(baseUrl: string): ShiprocketTransport {
  const origin = baseUrl.replace(/\/+$/, '');
  return async ({ method, path, token, body }) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
}

// Shiprocket's token lasts 10 days (240 hours); it is renewed a day before, so no call meets an expired one
const TOKEN_RENEW_AFTER_MS = 9 * 86_400_000;

interface ShiprocketCourier {
  courier_company_id: number;
  courier_name: string;
  estimated_delivery_days: string | number;
  rate?: number;
  freight_charge?: number;
}

/**
 * Shiprocket's public API (v1/external), field names as its documentation gives them. The login's token
 * is kept and renewed before its 10 days run out; one the API refuses (401) is replaced once.
 */
export class ShiprocketClient implements CourierPartner {
  readonly name = 'shiprocket';
  private token: { value: string; at: number } | undefined;
  private loggingIn: Promise<string> | undefined;

  constructor(
    private readonly user: { email: string; password: string },
    private readonly transport: ShiprocketTransport,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async serviceability(
    pickupPincode: string,
    deliveryPincode: string,
    weightKg: number,
  ): Promise<Serviceability> {
    const query = new URLSearchParams({
      pickup_postcode: pickupPincode,
      delivery_postcode: deliveryPincode,
      weight: String(weightKg),
      cod: '0',
    });
    const reply = await this.call(
      'check serviceability',
      {
        method: 'GET',
        path: `/v1/external/courier/serviceability/?${query}`,
      },
      [404],
    );
    const data = (
      reply as {
        data?: { available_courier_companies?: ShiprocketCourier[]; recommended_courier_company_id?: number };
      }
    )?.data;
    const couriers = (data?.available_courier_companies ?? []).map(toOption);
    if (couriers.some((courier) => !Number.isFinite(courier.days))) {
      throw new CourierError('Shiprocket answered a courier without its estimated days');
    }
    const recommended =
      couriers.find((courier) => courier.courierId === data?.recommended_courier_company_id) ??
      cheapest(couriers);
    return { couriers, recommended };
  }

  /**
   * GET /v1/external/courier/track/awb/{awb}: the scans Shiprocket names with one of its statuses
   * (`sr-status-label`), oldest first; undefined when it knows no such AWB (404).
   */
  async track(awb: string): Promise<TrackingEvent[] | undefined> {
    const reply = await this.call(
      'track a shipment',
      { method: 'GET', path: `/v1/external/courier/track/awb/${encodeURIComponent(awb)}` },
      [404],
    );
    if (reply === undefined) return undefined;
    const activities = (reply as { tracking_data?: { shipment_track_activities?: unknown } }).tracking_data
      ?.shipment_track_activities;
    // no scan yet: Shiprocket answers track_status 0 and an error sentence instead of activities
    if (!Array.isArray(activities)) return [];
    return (activities as ShiprocketActivity[])
      .flatMap((activity) => {
        const status = activity['sr-status-label'];
        const happenedAt = fromShiprocketTime(String(activity.date));
        if (typeof status !== 'string' || status === 'NA' || !happenedAt) return [];
        return [{ status, happenedAt, location: activity.location || null }];
      })
      .reverse();
  }

  /** A call with the token; `unserved` statuses are answers (e.g. 404: no courier serves the pair). */
  private async call(what: string, request: ShiprocketRequest, unserved: number[] = []): Promise<unknown> {
    let reply = await this.send(what, { ...request, token: await this.bearer() });
    if (reply.status === 401) {
      this.token = undefined;
      reply = await this.send(what, { ...request, token: await this.bearer() });
    }
    if (reply.status >= 200 && reply.status < 300) return reply.body;
    if (unserved.includes(reply.status)) return undefined;
    throw refused(what, reply);
  }

  private async send(what: string, request: ShiprocketRequest): Promise<ShiprocketReply> {
    try {
      return await this.transport(request);
    } catch (error) {
      throw new CourierError(`Shiprocket could not be reached to ${what} (${(error as Error).message})`);
    }
  }

  private async bearer(): Promise<string> {
    const at = this.now().getTime();
    if (this.token && at - this.token.at < TOKEN_RENEW_AFTER_MS) return this.token.value;
    // one login for every call that finds the token old
    this.loggingIn ??= this.login(at).finally(() => {
      this.loggingIn = undefined;
    });
    return this.loggingIn;
  }

  private async login(at: number): Promise<string> {
    const what = 'log in';
    const reply = await this.send(what, {
      method: 'POST',
      path: '/v1/external/auth/login',
      body: { email: this.user.email, password: this.user.password },
    });
    const token = (reply.body as { token?: unknown } | undefined)?.token;
    if (reply.status !== 200 || typeof token !== 'string' || token === '') throw refused(what, reply);
    this.token = { value: token, at };
    return token;
  }
}

/** One scan of Shiprocket's tracking, newest first in its answer. */
interface ShiprocketActivity {
  date: unknown;
  location?: string;
  'sr-status-label'?: unknown;
}

const toOption = (courier: ShiprocketCourier): CourierOption => ({
  courierId: courier.courier_company_id,
  courierName: courier.courier_name,
  days: Number(courier.estimated_delivery_days),
  rate: Number(courier.rate ?? courier.freight_charge),
});

const cheapest = (couriers: CourierOption[]) =>
  couriers.reduce<CourierOption | undefined>(
    (best, c) => (best && best.rate <= c.rate ? best : c),
    undefined,
  );

/** Shiprocket's refusal in its own words: `message`, and the first of `errors` when it names fields. */
function refused(what: string, reply: ShiprocketReply): CourierError {
  const body = reply.body as { message?: unknown; errors?: Record<string, unknown> } | undefined;
  const firstError = Object.values(body?.errors ?? {}).flat()[0];
  const reason = [body?.message, firstError].filter((part) => typeof part === 'string' && part).join(': ');
  return new CourierError(
    `Shiprocket refused to ${what} (${reply.status}): ${reason || 'no reason given'}`,
    reply.status,
  );
}
