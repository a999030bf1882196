/**
 * The hosted payment provider's browser script: loaded once from the `scriptUrl` the server
 * answers, then handed the checkout token and a fallback return address.
 * Sandbox: `window.VakiSandboxCheckout.open(token, { fallbackUrl })` (apps/server/src/providers/
 * payment/sandbox-page/checkout-script.ts); Shiprocket: `HeadlessCheckout.addToCart(event, token, { fallbackUrl })`.
 */
import type { CheckoutSessionAnswer } from "@vaki/contract/checkout";

interface SandboxCheckoutGlobal {
  open(token: string, options?: { fallbackUrl?: string }): void;
}

interface HeadlessCheckoutGlobal {
  addToCart(event: Event, token: string, options?: { fallbackUrl?: string }): void;
}

declare global {
  interface Window {
    VakiSandboxCheckout?: SandboxCheckoutGlobal;
    HeadlessCheckout?: HeadlessCheckoutGlobal;
  }
}

const SCRIPT_TIMEOUT_MS = 20_000;
const loads = new Map<string, { script: HTMLScriptElement; loading: Promise<void> }>();

/**
 * Adds the script tag once per URL; a failed load (or a tag since removed) is forgotten, so a
 * later try adds it again.
 */
export function loadPaymentScript(src: string): Promise<void> {
  const known = loads.get(src);
  if (known?.script.isConnected) return known.loading;
  const script = document.createElement("script");
  const loading = new Promise<void>((resolve, reject) => {
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => fail(new Error("Payment script timed out")), SCRIPT_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      loads.delete(src);
      script.remove();
      reject(error);
    }
    script.addEventListener("load", () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener("error", () => fail(new Error("Payment script failed to load")));
    document.head.append(script);
  });
  loads.set(src, { script, loading });
  return loading;
}

/** Whether the provider's global is ready for this checkout. */
export function paymentWidgetReady(provider: CheckoutSessionAnswer["provider"]): boolean {
  return provider === "shiprocket"
    ? typeof window.HeadlessCheckout?.addToCart === "function"
    : typeof window.VakiSandboxCheckout?.open === "function";
}

/** Hands the token to the provider's script, which takes the shopper to the hosted payment page. */
export function openPaymentWidget(provider: CheckoutSessionAnswer["provider"], token: string, fallbackPath: string) {
  if (provider === "shiprocket") {
    // Shiprocket wants an absolute return address and the click event that started the checkout.
    const fallbackUrl = new URL(fallbackPath, window.location.origin).toString();
    window.HeadlessCheckout?.addToCart(new MouseEvent("click"), token, { fallbackUrl });
    return;
  }
  window.VakiSandboxCheckout?.open(token, { fallbackUrl: fallbackPath });
}
