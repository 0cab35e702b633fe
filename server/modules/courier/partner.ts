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
