import { z } from "./zod.js";

/*
 * Shipments and tracking as the couriers send them: the status codes and the cancellation rule
 * are in `fulfilment-rules.ts` (schema-free, for the browser) and re-exported here.
 */
export * from "./fulfilment-rules.js";

// ---------------------------------------------------------------------------------------------
// Addresses a payment page collects and a courier delivers to

/** A postal address as payment and shipping providers exchange it. */
export const postalAddressSchema = z.object({
  fullName: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  /** Six digits for India; a foreign postal code otherwise. */
  pincode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

// ---------------------------------------------------------------------------------------------
// Tracking answer (R-ORD-3 "Tracking data"; Shiprocket courier/track/awb)

/** Shiprocket sends some numbers as strings and the reverse; text fields accept both. */
const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = text.nullish().transform((value) => value ?? null);
const count = z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number);

/** One parcel of the tracking answer. */
export const shipmentTrackSchema = z.looseObject({
  awb_code: optionalText,
  /** The courier's current status label, e.g. "In Transit", "Delivered". */
  current_status: optionalText,
  courier_name: optionalText,
  /** Weight in kg as text ("0.5"). */
  weight: optionalText,
  /** "yyyy-mm-dd hh:mm:ss", India time; null until picked up. */
  pickup_date: optionalText,
  /** "yyyy-mm-dd hh:mm:ss", India time; null until delivered. */
  delivered_date: optionalText,
  origin: optionalText.optional(),
  destination: optionalText.optional(),
  edd: optionalText.optional(),
  shipment_id: optionalText.optional(),
  order_id: optionalText.optional(),
});
export type ShipmentTrack = z.infer<typeof shipmentTrackSchema>;

/** One scan of the courier. */
export const shipmentTrackActivitySchema = z.looseObject({
  /** "yyyy-mm-dd hh:mm:ss", India time. */
  date: text,
  /** SHIPMENT code scheme, as text ("18"), or "NA" when the courier's scan has no Shiprocket status. */
  "sr-status": text.default("NA"),
  /** Label of `sr-status`, e.g. "IN TRANSIT". */
  "sr-status-label": text.default(""),
  activity: text.default(""),
  location: text.default(""),
  /** The courier's own raw status code. */
  status: optionalText.optional(),
});
export type ShipmentTrackActivity = z.infer<typeof shipmentTrackActivitySchema>;

export const trackingDataSchema = z.looseObject({
  /** 1 = tracking data available; 0 = none yet (then `error` says why). */
  track_status: count,
  /** SHIPMENT code scheme (18 In Transit, 7 Delivered, ...); 0 when unknown. */
  shipment_status: count,
  shipment_track: z
    .array(shipmentTrackSchema)
    .nullish()
    .transform((value) => value ?? []),
  /** Newest first, as Shiprocket sends them. */
  shipment_track_activities: z
    .array(shipmentTrackActivitySchema)
    .nullish()
    .transform((value) => value ?? []),
  track_url: optionalText,
  /** Expected delivery, "yyyy-mm-dd hh:mm:ss" India time. */
  etd: optionalText,
  error: z.string().optional(),
});
export type TrackingData = z.infer<typeof trackingDataSchema>;

/** The answer of a tracking call: `{ tracking_data: {...} }`. Lenient: unknown fields pass through. */
export const trackingAnswerSchema = z.looseObject({ tracking_data: trackingDataSchema });
export type TrackingAnswer = z.infer<typeof trackingAnswerSchema>;
