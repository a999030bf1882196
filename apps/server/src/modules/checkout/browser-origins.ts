import type { Config } from "../../config.js";
import { shiprocketScriptUrl } from "./payment-start.js";

/** Origins the storefront page must load from for the configured payment gateway (its CSP). */
export interface PaymentBrowserOrigins {
  /** Its browser script. */
  script: string[];
  /** Its stylesheet (Shiprocket's shopify.css sits beside the script). */
  style: string[];
  /** Its hosted checkout, opened in a frame over the shop. */
  frame: string[];
}

/**
 * The sandbox is the shop itself ('self' covers it); Shiprocket Checkout loads its UI bundle and
 * opens its hosted checkout from its UI origin (production or staging, by the API URL).
 */
export function paymentBrowserOrigins(payment: Config["payment"]): PaymentBrowserOrigins {
  if (payment.provider !== "shiprocket") return { script: [], style: [], frame: [] };
  const ui = new URL(shiprocketScriptUrl(payment.shiprocket.apiUrl)).origin;
  return { script: [ui], style: [ui], frame: [ui] };
}
