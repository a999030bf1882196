import type { FieldErrors } from "@vaki/contract/envelope";
import { type TrackingAnswer, trackingAnswerSchema } from "@vaki/contract/fulfilment";
import { type Clock, systemClock } from "../../lib/clock.js";
import { InvalidInput, NotFound } from "../../lib/errors.js";
import { deliveryRegionOf, deliveryWindows, indiaDateTime } from "./delivery-regions.js";
import {
  type AssignedAwb,
  type CreatedShipment,
  type NdrRequest,
  type PostalAddress,
  type ReturnShipmentOrder,
  type Serviceability,
  type ServiceabilityQuery,
  type ShipmentOrder,
  type ShippingProvider,
  ShippingProviderError,
} from "./shipping-provider.js";

export interface ShiprocketShippingOptions {
  /** https://apiv2.shiprocket.in/v1/external */
  apiUrl: string;
  /** The API user's e-mail and password (Settings → API → Add New API User). */
  email: string;
  password: string;
  /** Exact name of the pickup address in Shiprocket, e.g. "Primary". */
  pickupLocation: string;
  /** Pincode of that pickup address, for serviceability. */
  pickupPincode: string;
  clock?: Clock;
  timeoutMs?: number;
  /**
   * Where reverse pickups are delivered (Shiprocket's return API asks for the full address);
   * without it, the address of the pickup location named `pickupLocation`, read from the account.
   */
  returnAddress?: ReturnAddress;
}

/** The warehouse as a return order's destination. */
export interface ReturnAddress {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

/** The token lives 10 days; a fresh one is fetched after 9 so no call meets an expired one. */
export const tokenRefreshAfterMs = 9 * 24 * 60 * 60 * 1000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null;
const numberOf = (value: unknown): number | null => {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  return Number.isFinite(n) ? n : null;
};
/** Shiprocket takes rupees: 129950 paise → 1299.5. */
const rupees = (paise: number) => paise / 100;
/** Shiprocket ids are integers; the shop keeps them as text. */
const idOf = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);
/** Indian mobiles as the 10 digits Shiprocket wants. */
const phoneOf = (phone: string) => phone.replace(/\D/g, "").replace(/^(?:91|0)(?=\d{10}$)/, "");

function sameAddress(a: PostalAddress, b: PostalAddress): boolean {
  const keys = ["fullName", "line1", "line2", "city", "state", "pincode", "country", "phone"] as const;
  return keys.every((key) => a[key].trim().toLowerCase() === b[key].trim().toLowerCase());
}

/** 422 `{errors: {field: [..]}}` (sometimes a bare string per field) → FieldErrors. */
function fieldErrorsOf(errors: unknown): FieldErrors | undefined {
  if (!isObject(errors)) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    out[field] = (Array.isArray(messages) ? messages : [messages]).map(String);
  }
  return out;
}

/**
 * Shiprocket's shipping API v1 external (docs/providers.md "Switching to Shiprocket"): bearer token from auth/login,
 * cached for its 10-day life (renewed after 9 days, and once more on a 401); orders in rupees;
 * 422 field errors surfaced; 429/5xx marked retryable for the outbox.
 */
export class ShiprocketShippingProvider implements ShippingProvider {
  readonly name = "shiprocket" as const;
  private readonly apiUrl: string;
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  private token: { value: string; obtainedAt: number } | null = null;
  private loggingIn: Promise<string> | null = null;
  private warehouse: Promise<ReturnAddress> | null = null;

  constructor(private readonly options: ShiprocketShippingOptions) {
    this.apiUrl = options.apiUrl.replace(/\/$/, "");
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  async serviceability(query: ServiceabilityQuery): Promise<Serviceability> {
    const { region, valid } = deliveryRegionOf(query.pincode, query.country);
    const unserviceable = {
      serviceable: false,
      codAvailable: false,
      estimatedDays: { ...deliveryWindows[region] },
      region,
      courierName: null,
    };
    // The domestic endpoint only knows Indian pincodes; international rates are a separate Shiprocket product.
    if (!valid || region === "international") return unserviceable;
    if (!(query.weightKg > 0))
      throw new InvalidInput("Weight must be above 0 kg", { fieldErrors: { weightKg: ["Must be above 0"] } });
    const answer = await this.call("GET", "courier/serviceability/", {
      query: {
        pickup_postcode: this.options.pickupPincode,
        delivery_postcode: query.pincode.replace(/\s+/g, ""),
        cod: query.cod ? "1" : "0",
        weight: String(query.weightKg),
      },
      notFoundIsAnswer: true,
    });
    const data = isObject(answer.data) ? answer.data : {};
    const all = Array.isArray(data.available_courier_companies)
      ? data.available_courier_companies.filter(isObject)
      : [];
    const codAvailable = all.some((courier) => numberOf(courier.cod) === 1);
    const usable = query.cod ? all.filter((courier) => numberOf(courier.cod) === 1) : all;
    if (usable.length === 0) return { ...unserviceable, codAvailable };
    const recommendedId =
      numberOf(data.recommended_courier_company_id) ?? numberOf(data.shiprocket_recommended_courier_id);
    const recommended = usable.find((courier) => numberOf(courier.courier_company_id) === recommendedId) ?? usable[0];
    const days = usable
      .map((courier) => numberOf(courier.estimated_delivery_days))
      .filter((value): value is number => value !== null && value > 0);
    return {
      serviceable: true,
      codAvailable,
      estimatedDays:
        days.length > 0 ? { min: Math.min(...days), max: Math.max(...days) } : { ...deliveryWindows[region] },
      region,
      courierName: textOf(recommended?.courier_name),
    };
  }

  async createShipment(order: ShipmentOrder): Promise<CreatedShipment> {
    if (order.orderNumber.length > 50) {
      throw new InvalidInput("Shiprocket order ids are at most 50 characters", {
        fieldErrors: { orderNumber: ["Too long"] },
      });
    }
    const { shipping } = order;
    // The domestic API takes Indian billing addresses only; one abroad (a gift from London to
    // Pune) is no concern of the courier's, so the parcel's address stands in for it.
    const billedAbroad = deliveryRegionOf(order.billing.pincode, order.billing.country).region === "international";
    const billing = billedAbroad ? { ...shipping, email: order.billing.email } : order.billing;
    const shippingIsBilling = sameAddress(billing, shipping);
    const body: Json = {
      order_id: order.orderNumber,
      order_date: indiaDateTime(order.orderDate).slice(0, 16),
      pickup_location: this.options.pickupLocation,
      billing_customer_name: billing.fullName,
      billing_last_name: "",
      billing_address: billing.line1,
      billing_address_2: billing.line2,
      billing_city: billing.city.slice(0, 30),
      billing_pincode: billing.pincode,
      billing_state: billing.state,
      billing_country: billing.country,
      billing_email: billing.email,
      billing_phone: phoneOf(billing.phone),
      shipping_is_billing: shippingIsBilling,
      ...(shippingIsBilling
        ? {}
        : {
            shipping_customer_name: shipping.fullName,
            shipping_last_name: "",
            shipping_address: shipping.line1,
            shipping_address_2: shipping.line2,
            shipping_city: shipping.city.slice(0, 30),
            shipping_pincode: shipping.pincode,
            shipping_state: shipping.state,
            shipping_country: shipping.country,
            shipping_email: billing.email,
            shipping_phone: phoneOf(shipping.phone),
          }),
      order_items: order.lines.map((line) => ({
        name: line.name,
        sku: line.sku,
        units: line.units,
        selling_price: rupees(line.sellingPrice),
      })),
      payment_method: order.paymentMethod,
      sub_total: rupees(order.subTotal),
      length: order.dimensionsCm.length,
      breadth: order.dimensionsCm.breadth,
      height: order.dimensionsCm.height,
      weight: order.weightKg,
    };
    const answer = await this.call("POST", "orders/create/adhoc", { body });
    const providerOrderId = textOf(answer.order_id);
    const shipmentId = textOf(answer.shipment_id);
    if (!providerOrderId || !shipmentId) {
      throw new ShippingProviderError(
        `Shiprocket created no order: ${textOf(answer.message) ?? "no order_id"}`,
        200,
        false,
      );
    }
    return { providerOrderId, shipmentId, statusCode: numberOf(answer.status_code) ?? 1 };
  }

  async assignAwb(shipment: { shipmentId: string }, courierId?: number): Promise<AssignedAwb> {
    const answer = await this.call("POST", "courier/assign/awb", {
      body: { shipment_id: idOf(shipment.shipmentId), ...(courierId === undefined ? {} : { courier_id: courierId }) },
    });
    const response = isObject(answer.response) ? answer.response : {};
    const data = isObject(response.data) ? response.data : {};
    const awb = textOf(data.awb_code);
    const assignedCourier = numberOf(data.courier_company_id);
    if (numberOf(answer.awb_assign_status) !== 1 || !awb || assignedCourier === null) {
      const reason = textOf(data.awb_assign_error) ?? textOf(answer.message) ?? "no AWB in the answer";
      throw new ShippingProviderError(`Shiprocket assigned no AWB: ${reason}`, 200, false);
    }
    return { awb, courierId: assignedCourier, courierName: textOf(data.courier_name) ?? "" };
  }

  async requestPickup(shipment: { shipmentId: string }): Promise<{ pickupScheduledDate: string | null }> {
    const answer = await this.call("POST", "courier/generate/pickup", {
      body: { shipment_id: [idOf(shipment.shipmentId)] },
    });
    const response = isObject(answer.response) ? answer.response : {};
    return { pickupScheduledDate: textOf(response.pickup_scheduled_date) };
  }

  async track(awb: string): Promise<TrackingAnswer> {
    const answer = await this.call("GET", `courier/track/awb/${encodeURIComponent(awb)}`, {});
    // Some answers wrap the object in its AWB or in an array; take the first tracking_data found.
    const candidate =
      "tracking_data" in answer
        ? answer
        : (Object.values(answer).find((v) => isObject(v) && "tracking_data" in v) ?? answer);
    const parsed = trackingAnswerSchema.safeParse(candidate);
    if (!parsed.success)
      throw new ShippingProviderError("Shiprocket answered tracking in an unexpected shape", 200, false);
    return parsed.data;
  }

  async cancel(shipment: { providerOrderId: string; awb?: string | null }): Promise<void> {
    await this.call("POST", "orders/cancel", { body: { ids: [idOf(shipment.providerOrderId)] } });
  }

  /**
   * NDR action (POST ndr/{awb}/action): `re-attempt` with the day (`deferred_date`), the phone
   * and a comment, or `return`, which starts the return to origin.
   */
  async ndrAction(awb: string, request: NdrRequest): Promise<void> {
    const body: Json =
      request.action === "re-attempt"
        ? {
            action: "re-attempt",
            comments: request.comment || `Re-attempt delivery on ${request.date}`,
            phone: request.phone,
            deferred_date: request.date,
          }
        : { action: "return", comments: request.comment || "Return to origin" };
    await this.call("POST", `ndr/${encodeURIComponent(awb)}/action`, { body });
  }

  /**
   * A reverse pickup (issue 29): the return order (POST orders/create/return, from the customer
   * to the warehouse), then its AWB (courier/assign/awb with `is_return: 1`).
   */
  async createReturn(order: ReturnShipmentOrder): Promise<CreatedShipment & AssignedAwb> {
    const warehouse = this.options.returnAddress ?? (await this.pickupAddress());
    if (order.orderNumber.length > 50) {
      throw new InvalidInput("Shiprocket order ids are at most 50 characters", {
        fieldErrors: { orderNumber: ["Too long"] },
      });
    }
    const { pickup } = order;
    const answer = await this.call("POST", "orders/create/return", {
      body: {
        order_id: order.orderNumber,
        order_date: indiaDateTime(order.orderDate).slice(0, 10),
        pickup_customer_name: pickup.fullName,
        pickup_last_name: "",
        pickup_address: pickup.line1,
        pickup_address_2: pickup.line2,
        pickup_city: pickup.city.slice(0, 30),
        pickup_state: pickup.state,
        pickup_country: pickup.country,
        pickup_pincode: pickup.pincode,
        pickup_email: pickup.email,
        pickup_phone: phoneOf(pickup.phone),
        shipping_customer_name: warehouse.name,
        shipping_last_name: "",
        shipping_address: warehouse.address,
        shipping_address_2: "",
        shipping_city: warehouse.city,
        shipping_state: warehouse.state,
        shipping_country: "India",
        shipping_pincode: warehouse.pincode,
        shipping_phone: phoneOf(warehouse.phone),
        order_items: order.lines.map((line) => ({
          name: line.name,
          sku: line.sku,
          units: line.units,
          selling_price: rupees(line.sellingPrice),
        })),
        payment_method: "Prepaid",
        sub_total: rupees(order.subTotal),
        length: order.dimensionsCm.length,
        breadth: order.dimensionsCm.breadth,
        height: order.dimensionsCm.height,
        weight: order.weightKg,
      },
    });
    const providerOrderId = textOf(answer.order_id);
    const shipmentId = textOf(answer.shipment_id);
    if (!providerOrderId || !shipmentId) {
      throw new ShippingProviderError(
        `Shiprocket created no return: ${textOf(answer.message) ?? "no order_id"}`,
        200,
        false,
      );
    }
    const assigned = await this.call("POST", "courier/assign/awb", {
      body: { shipment_id: idOf(shipmentId), is_return: 1 },
    });
    const response = isObject(assigned.response) ? assigned.response : {};
    const data = isObject(response.data) ? response.data : {};
    const awb = textOf(data.awb_code);
    const courierId = numberOf(data.courier_company_id);
    if (numberOf(assigned.awb_assign_status) !== 1 || !awb || courierId === null) {
      const reason = textOf(data.awb_assign_error) ?? textOf(assigned.message) ?? "no AWB in the answer";
      throw new ShippingProviderError(`Shiprocket assigned no return AWB: ${reason}`, 200, false);
    }
    return {
      providerOrderId,
      shipmentId,
      statusCode: numberOf(answer.status_code) ?? 1,
      awb,
      courierId,
      courierName: textOf(data.courier_name) ?? "",
    };
  }

  /** The pickup location's address as the account has it (GET settings/company/pickup), read once. */
  private async pickupAddress(): Promise<ReturnAddress> {
    this.warehouse ??= this.call("GET", "settings/company/pickup", {})
      .then((answer) => {
        const data = isObject(answer.data) ? answer.data : {};
        const all = Array.isArray(data.shipping_address) ? data.shipping_address.filter(isObject) : [];
        const found = all.find((place) => textOf(place.pickup_location) === this.options.pickupLocation);
        const address = found ? [textOf(found.address), textOf(found.address_2)].filter(Boolean).join(", ") : "";
        if (!found || !address) {
          throw new ShippingProviderError(
            `Shiprocket has no pickup location named ${this.options.pickupLocation} to receive returns`,
            200,
            false,
          );
        }
        return {
          name: textOf(found.name) ?? this.options.pickupLocation,
          address,
          city: textOf(found.city) ?? "",
          state: textOf(found.state) ?? "",
          pincode: textOf(found.pin_code) ?? this.options.pickupPincode,
          phone: textOf(found.phone) ?? "",
        };
      })
      .catch((error: unknown) => {
        this.warehouse = null;
        throw error;
      });
    return this.warehouse;
  }

  /** The cached token, or a new one (one login at a time, however many calls wait for it). */
  private async authToken(): Promise<string> {
    const now = this.clock.now().getTime();
    if (this.token && now - this.token.obtainedAt < tokenRefreshAfterMs) return this.token.value;
    this.loggingIn ??= this.login().finally(() => {
      this.loggingIn = null;
    });
    return this.loggingIn;
  }

  private async login(): Promise<string> {
    const response = await this.send("POST", "auth/login", null, {
      body: { email: this.options.email, password: this.options.password },
    });
    const json = await this.jsonOf(response);
    const token = textOf(json.token);
    if (!response.ok || !token) {
      const said = textOf(json.message) ?? response.statusText;
      throw new ShippingProviderError(
        `Shiprocket login failed (HTTP ${response.status}): ${said}`,
        response.status,
        response.status === 429 || response.status >= 500,
      );
    }
    this.token = { value: token, obtainedAt: this.clock.now().getTime() };
    return token;
  }

  /** One authenticated call; a 401 logs in again once and retries. */
  private async call(
    method: "GET" | "POST",
    path: string,
    request: { query?: Record<string, string>; body?: Json; notFoundIsAnswer?: boolean },
  ): Promise<Json> {
    let token = await this.authToken();
    let response = await this.send(method, path, token, request);
    if (response.status === 401) {
      // Another call may already have renewed it; only drop the token this call used.
      if (this.token?.value === token) this.token = null;
      token = await this.authToken();
      response = await this.send(method, path, token, request);
    }
    const json = await this.jsonOf(response);
    if (response.ok) return json;
    if (response.status === 404 && request.notFoundIsAnswer) return json;
    const said = textOf(json.message) ?? response.statusText;
    if (response.status === 404) throw new NotFound(`Shiprocket: ${said}`);
    throw new ShippingProviderError(
      `Shiprocket refused ${method} ${path} (HTTP ${response.status}): ${said}`,
      response.status,
      response.status === 429 || response.status >= 500,
      response.status === 422 ? fieldErrorsOf(json.errors) : undefined,
    );
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    token: string | null,
    request: { query?: Record<string, string>; body?: Json },
  ): Promise<Response> {
    const url = new URL(`${this.apiUrl}/${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    try {
      return await fetch(url, {
        method,
        headers: {
          Accept: "application/json",
          ...(request.body ? { "Content-Type": "application/json" } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ShippingProviderError(`Shiprocket could not be reached (${method} ${path})`, null, true);
    }
  }

  /** The body as an object: {} for 204 and empty answers; non-JSON is an error of its own. */
  private async jsonOf(response: Response): Promise<Json> {
    const text = await response.text();
    if (!text) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      return isObject(parsed) ? parsed : { value: parsed };
    } catch {
      throw new ShippingProviderError(
        `Shiprocket answered something that is not JSON (HTTP ${response.status})`,
        response.status,
        response.status >= 500,
      );
    }
  }
}
