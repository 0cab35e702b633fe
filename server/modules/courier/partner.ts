/** A courier that can carry a parcel between two pincodes, as the courier partner quotes it. */
export interface CourierOption {
  courierId: number;
  courierName: string;
  /** the courier's estimate, in days from pickup to delivery */
  days: number;
  /** the freight in rupees */
  rate: number;
}

/** What the partner offers for a pair of pincodes: no couriers when it does not serve them. */
export interface Serviceability {
  couriers: CourierOption[];
  /** the partner's recommendation among them */
  recommended: CourierOption | undefined;
}

/** A courier partner's API as far as the shop uses it (Shiprocket's, or the local fake of it). */
export interface CourierPartner {
  readonly name: 'shiprocket';
  serviceability(pickupPincode: string, deliveryPincode: string, weightKg: number): Promise<Serviceability>;
  /** the shipment's tracking events so far (oldest first); undefined when the partner knows no such AWB */
  track(awb: string): Promise<TrackingEvent[] | undefined>;
}

/** One of a shipment's tracking events: the partner's status (e.g. 'DELIVERED'), when and where it happened. */
export interface TrackingEvent {
  status: string;
  happenedAt: Date;
  location: string | null;
}

/** The partner failed or answered something we cannot use; `reason` is the partner's own words. */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
