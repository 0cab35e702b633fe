import { INDIA_OFFSET_MS } from '../../../contract/india-time.ts';
import {
  type AssignedAwb,
  CourierError,
  type CourierOption,
  type CourierPartner,
  type Parcel,
  type PartnerOrder,
  type Party,
  type PickupLocation,
  type Serviceability,
  type TrackingEvent,
} from '../../modules/courier/partner.ts';
import { fromShiprocketTime } from '../../modules/courier/shiprocket-time.ts';

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

/** A file at a URL Shiprocket gave (a label, a manifest): its bytes. */
export type FileFetcher = (url: string) => Promise<Buffer>;

export const httpFiles: FileFetcher = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
};

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
    private readonly files: FileFetcher = httpFiles,
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

  // Booking (decision 049) ------------------------------------------------------------

  async pickupLocations(): Promise<string[]> {
    const reply = (await this.call('list the pickup locations', {
      method: 'GET',
      path: '/v1/external/settings/company/pickup',
    })) as { data?: { shipping_address?: { pickup_location?: string }[] } } | undefined;
    return (reply?.data?.shipping_address ?? []).flatMap((address) => address.pickup_location ?? []);
  }

  async addPickupLocation(location: PickupLocation): Promise<void> {
    await this.call('add the pickup location', {
      method: 'POST',
      path: '/v1/external/settings/company/addpickup',
      body: {
        pickup_location: location.nickname,
        name: location.name,
        email: location.email,
        phone: location.phone,
        address: location.address,
        address_2: location.address2,
        city: location.city,
        state: location.state,
        country: 'India',
        pin_code: location.pincode,
      },
    });
  }

  async createOrder(pickupLocation: string, parcel: Parcel): Promise<PartnerOrder> {
    const reply = await this.call('book the order', {
      method: 'POST',
      path: '/v1/external/orders/create/adhoc',
      body: {
        ...orderFields(parcel),
        pickup_location: pickupLocation,
        ...partyFields('billing', parcel.to),
        shipping_is_billing: true,
      },
    });
    return partnerOrder(reply);
  }

  async createReturn(from: Party, parcel: Parcel): Promise<PartnerOrder> {
    const reply = await this.call('book the return pickup', {
      method: 'POST',
      path: '/v1/external/orders/create/return',
      body: {
        ...orderFields(parcel),
        ...partyFields('pickup', from),
        ...partyFields('shipping', parcel.to),
      },
    });
    return partnerOrder(reply);
  }

  async assignAwb(
    shipmentId: string,
    courierId: number | undefined,
    isReturn: boolean,
  ): Promise<AssignedAwb> {
    const what = 'assign an AWB';
    const reply = (await this.call(what, {
      method: 'POST',
      path: '/v1/external/courier/assign/awb',
      body: {
        shipment_id: Number(shipmentId),
        ...(courierId !== undefined && { courier_id: courierId }),
        ...(isReturn && { is_return: 1 }),
      },
    })) as {
      awb_assign_status?: number;
      response?: {
        data?: {
          awb_code?: string;
          courier_company_id?: number;
          courier_name?: string;
          awb_assign_error?: string;
        };
      };
    };
    const data = reply?.response?.data;
    // Shiprocket may answer 200 and say in the body that no AWB was assigned
    if (reply?.awb_assign_status !== 1 || !data?.awb_code) {
      throw new CourierError(
        `Shiprocket refused to ${what}: ${data?.awb_assign_error || 'no reason given'}`,
        422,
      );
    }
    return {
      awb: String(data.awb_code),
      courierId: Number(data.courier_company_id),
      courierName: String(data.courier_name ?? ''),
    };
  }

  async schedulePickup(shipmentIds: string[]): Promise<string> {
    const reply = (await this.call('schedule the pickup', {
      method: 'POST',
      path: '/v1/external/courier/generate/pickup',
      body: { shipment_id: shipmentIds.map(Number) },
    })) as { pickup_status?: number; response?: { pickup_scheduled_date?: string } };
    const day = reply?.response?.pickup_scheduled_date;
    if (reply?.pickup_status !== 1 || !day) throw new CourierError('Shiprocket did not schedule the pickup');
    return day;
  }

  async labels(shipmentIds: string[]): Promise<Buffer> {
    const reply = (await this.call('print the labels', {
      method: 'POST',
      path: '/v1/external/courier/generate/label',
      body: { shipment_id: shipmentIds.map(Number) },
    })) as { label_created?: number; label_url?: string };
    if (reply?.label_created !== 1 || !reply.label_url) {
      throw new CourierError('Shiprocket did not make the labels');
    }
    return this.download('labels', reply.label_url);
  }

  /** A manifest is generated once; Shiprocket refuses a second generation, and prints it again instead. */
  async manifest(shipmentIds: string[], orderIds: string[]): Promise<Buffer> {
    let reply: unknown;
    try {
      reply = await this.call('generate the manifest', {
        method: 'POST',
        path: '/v1/external/manifests/generate',
        body: { shipment_id: shipmentIds.map(Number) },
      });
    } catch (error) {
      if (!(error instanceof CourierError && error.status === 400)) throw error;
      reply = await this.call('print the manifest', {
        method: 'POST',
        path: '/v1/external/manifests/print',
        body: { order_ids: orderIds.map(Number) },
      });
    }
    const url = (reply as { manifest_url?: string } | undefined)?.manifest_url;
    if (!url) throw new CourierError('Shiprocket did not make the manifest');
    return this.download('manifest', url);
  }

  private async download(what: string, url: string): Promise<Buffer> {
    try {
      return await this.files(url);
    } catch (error) {
      throw new CourierError(
        `The ${what} could not be fetched from Shiprocket (${(error as Error).message})`,
      );
    }
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

/** The fields a forward order and a return share: ids, date, contents, size. */
function orderFields(parcel: Parcel) {
  return {
    order_id: parcel.orderId,
    order_date: shiprocketDate(parcel.orderDate),
    order_items: parcel.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: item.sellingPrice,
    })),
    payment_method: parcel.paymentMethod,
    sub_total: parcel.subTotal,
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: parcel.weightKg,
  };
}

/** YYYY-MM-DD HH:mm in India's time, as Shiprocket writes dates */
function shiprocketDate(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

function partnerOrder(reply: unknown): PartnerOrder {
  const { order_id, shipment_id } = (reply ?? {}) as { order_id?: unknown; shipment_id?: unknown };
  if (order_id === undefined || shipment_id === undefined) {
    throw new CourierError('Shiprocket answered an order without its ids');
  }
  return { orderId: String(order_id), shipmentId: String(shipment_id) };
}

/** A party's address as Shiprocket's order fields name it: `billing_city`, `pickup_city`, `shipping_city`... */
function partyFields(prefix: 'billing' | 'pickup' | 'shipping', party: Party): Record<string, string> {
  return {
    [`${prefix}_customer_name`]: party.name,
    [`${prefix}_last_name`]: '',
    [`${prefix}_address`]: party.address,
    [`${prefix}_address_2`]: party.address2,
    [`${prefix}_city`]: party.city,
    [`${prefix}_pincode`]: party.pincode,
    [`${prefix}_state`]: party.state,
    [`${prefix}_country`]: 'India',
    [`${prefix}_email`]: party.email,
    [`${prefix}_phone`]: party.phone,
  };
}
