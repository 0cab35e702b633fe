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
export interface CourierPartner extends CourierBooking {
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

/** Someone at one end of a parcel, as the partner's orders name them. */
export interface Party {
  name: string;
  phone: string;
  email: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
}

/** A seller's address registered with the partner as a place its couriers pick parcels up. */
export interface PickupLocation extends Party {
  /** the partner's name for it, which orders give as their `pickup_location` */
  nickname: string;
}

/** One parcel: the shop's id for it, what it holds, its size; `to` is the shopper (forward) or the seller (return). */
export interface Parcel {
  /** the shop's id of the parcel (the line's purchase id), the partner's channel order id */
  orderId: string;
  orderDate: Date;
  to: Party;
  items: { name: string; sku: string; units: number; sellingPrice: number }[];
  /**
   * how the parcel is paid: 'COD', its courier collecting `subTotal` at the door (cash on delivery,
   * decision 069), or 'Prepaid'
   */
  paymentMethod: 'COD' | 'Prepaid';
  /** rupees: what the parcel is worth, and for COD what its courier collects */
  subTotal: number;
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** The partner's ids of an order it took, and of its shipment. */
export interface PartnerOrder {
  orderId: string;
  shipmentId: string;
}

/** The courier the partner gave a shipment, and the air waybill number its label carries. */
export interface AssignedAwb {
  awb: string;
  courierId: number;
  courierName: string;
}

/** Booking with the partner (decision 049): what Ship in the back office uses. */
export interface CourierBooking {
  pickupLocations(): Promise<string[]>;
  addPickupLocation(location: PickupLocation): Promise<void>;
  /** a forward order, from the pickup location to the shopper */
  createOrder(pickupLocation: string, parcel: Parcel): Promise<PartnerOrder>;
  /** a reverse pickup: from the shopper (`from`) back to the seller (`parcel.to`) */
  createReturn(from: Party, parcel: Parcel): Promise<PartnerOrder>;
  assignAwb(shipmentId: string, courierId: number | undefined, isReturn: boolean): Promise<AssignedAwb>;
  /** the day the courier comes for the shipments (YYYY-MM-DD or the partner's date text) */
  schedulePickup(shipmentIds: string[]): Promise<string>;
  /** one PDF of the shipments' labels */
  labels(shipmentIds: string[]): Promise<Buffer>;
  /** the manifest (the courier's list of parcels handed over) of these shipments, as a PDF */
  manifest(shipmentIds: string[], orderIds: string[]): Promise<Buffer>;
}
