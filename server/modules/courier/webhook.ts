import type { CourierWebhookBody } from '../../../contract/courier-tracking.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import type { TrackingEvent } from './partner.ts';
import { fromShiprocketTime } from './shiprocket-time.ts';

/** Shiprocket's tracking webhook as the local fake sends it (the fields of Shiprocket's sample). */
export interface ShiprocketWebhook {
  awb: string;
  courier_name: string;
  current_status: string;
  current_status_id: number;
  shipment_status: string;
  shipment_status_id: number;
  current_timestamp: string;
  order_id: string;
  sr_order_id: number;
  scans: { date: string; status: string; activity: string; location: string }[];
  is_return: 0 | 1;
}

/** Whether the webhook carries the shop's token (constant time; no token configured admits none). */
export function webhookTokenMatches(expected: string, sent: string | string[] | undefined): boolean {
  return expected !== '' && typeof sent === 'string' && safeEqual(sent, expected);
}

/** The event a webhook tells of: its current status, when it says, where its last scan was; 400 for a time it cannot read. */
export function webhookEvent(body: CourierWebhookBody): { awb: string; event: TrackingEvent } {
  const happenedAt = fromShiprocketTime(body.current_timestamp.trim());
  if (!happenedAt) {
    throw badRequest(
      `current_timestamp is not a time as Shiprocket writes it (DD MM YYYY HH:mm:ss): ${body.current_timestamp}`,
    );
  }
  const location = body.scans?.at(-1)?.location || null;
  return {
    awb: String(body.awb).trim(),
    event: { status: body.current_status.trim().toUpperCase(), happenedAt, location },
  };
}
