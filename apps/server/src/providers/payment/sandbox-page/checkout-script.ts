/**
 * `/sandbox/checkout.js`: the sandbox gateway's browser script, the counterpart of Shiprocket's
 * `HeadlessCheckout.addToCart(event, token, { fallbackUrl })`. The storefront loads it, gets a
 * token from the shop's server and calls `window.VakiSandboxCheckout.open(token, { fallbackUrl })`,
 * which navigates to the hosted page. Served as a static file (CSP `script-src 'self'`); the
 * page itself needs no script.
 */
export const sandboxCheckoutScript = `/* VAKI Sandbox Pay: opens the hosted payment page. */
(function () {
  "use strict";
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, window.location.href).origin : window.location.origin;
  function open(token, options) {
    if (typeof token !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) {
      throw new Error("VakiSandboxCheckout.open: a checkout token is required");
    }
    var url = new URL("/sandbox/pay/" + encodeURIComponent(token), origin);
    var fallbackUrl = options && options.fallbackUrl;
    if (fallbackUrl) url.searchParams.set("fallback", String(fallbackUrl));
    window.location.assign(url.toString());
  }
  window.VakiSandboxCheckout = Object.freeze({ open: open });
})();
`;
