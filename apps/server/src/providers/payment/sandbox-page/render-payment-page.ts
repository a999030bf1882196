import type { FieldErrors } from "@vaki/contract/envelope";
import type { PostalAddress } from "@vaki/contract/fulfilment";
import { destinationCountries, destinationCountryOf } from "../../shipping/destination-countries.js";
import type { SandboxCheckoutSummary } from "../sandbox-payment.js";
import { sandboxFormFields as f, indianStates } from "../sandbox-payment-form.js";
import { pageStyles } from "./styles.js";

export interface PaymentPageOptions {
  shopName: string;
  /** Where the form posts: `/sandbox/pay/{token}` (keeps working on reload and back). */
  actionUrl: string;
  /** "Cancel and go back": the storefront's fallback URL, already checked to be the shop's own. */
  cancelUrl: string | null;
  /** The values the shopper typed (flat form names), to re-show after an error. */
  values?: Record<string, string | undefined>;
  fieldErrors?: FieldErrors;
  /** Cash on delivery: the notice that a code was texted to the delivery phone (the page then asks for it). */
  codCodeSent?: string;
  /** URL (or data: URL) of the display face; without it the page falls back to system faces. */
  displayFontUrl?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
/** Order pages show ₹1,299.00 (R-ORD-1). */
export const formatOrderAmount = (paise: number) => rupees.format(paise / 100);

const idOf = (name: string) => `f-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;

const lockIcon =
  '<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>';

/** Everything one field needs: its value, its error and the attributes that tie them together. */
function fieldContext(name: string, options: PaymentPageOptions, fallback = "") {
  const errors = options.fieldErrors?.[name] ?? [];
  const id = idOf(name);
  const error = errors.length ? `<p class="field-error" id="${id}-error">${escapeHtml(errors.join(" "))}</p>` : "";
  const aria = errors.length ? ` aria-invalid="true" aria-describedby="${id}-error"` : "";
  return { id, value: options.values?.[name] ?? fallback, error, aria, invalid: errors.length > 0 };
}

interface InputSpec {
  name: string;
  label: string;
  type?: string;
  autocomplete: string;
  /** The browser's own `required` check (off for the billing block, which may be hidden). */
  required?: boolean;
  /** Marks the label "optional". */
  optional?: boolean;
  inputmode?: string;
  maxlength?: number;
  placeholder?: string;
  hint?: string;
  wide?: boolean;
}

function input(spec: InputSpec, options: PaymentPageOptions, fallback = ""): string {
  const c = fieldContext(spec.name, options, fallback);
  const attrs = [
    `id="${c.id}"`,
    `name="${escapeHtml(spec.name)}"`,
    `type="${spec.type ?? "text"}"`,
    `autocomplete="${spec.autocomplete}"`,
    `value="${escapeHtml(c.value)}"`,
    spec.required ? "required" : "",
    spec.inputmode ? `inputmode="${spec.inputmode}"` : "",
    spec.maxlength ? `maxlength="${spec.maxlength}"` : "",
    spec.placeholder ? `placeholder="${escapeHtml(spec.placeholder)}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const optional = spec.optional ? ' <span class="optional">optional</span>' : "";
  const hint = spec.hint ? `<p class="hint">${escapeHtml(spec.hint)}</p>` : "";
  return `<div class="field${spec.wide ? " field--wide" : ""}${c.invalid ? " field--invalid" : ""}">
  <label for="${c.id}">${escapeHtml(spec.label)}${optional}</label>
  <input ${attrs}${c.aria}>
  ${hint}${c.error}
</div>`;
}

/** One list of the Indian states for both address blocks' state fields. */
const indianStatesListId = "indian-states";
const indianStatesList = `<datalist id="${indianStatesListId}">${indianStates
  .map((state) => `<option>${escapeHtml(state)}</option>`)
  .join("")}</datalist>`;

/**
 * State or region as text with the Indian states as suggestions (a select of Indian states would
 * shut out addresses abroad); the server holds an Indian address to the list.
 */
function stateInput(name: string, options: PaymentPageOptions, autocomplete: string, fallback = ""): string {
  const c = fieldContext(name, options, fallback);
  return `<div class="field${c.invalid ? " field--invalid" : ""}">
  <label for="${c.id}">State / Region</label>
  <input id="${c.id}" name="${name}" type="text" list="${indianStatesListId}" autocomplete="${autocomplete}" maxlength="60" value="${escapeHtml(c.value)}"${c.aria}>
  ${c.error}
</div>`;
}

/** The countries the shop ships to, India first and chosen unless the shopper picked another. */
function countrySelect(name: string, options: PaymentPageOptions, autocomplete: string, fallback = "India"): string {
  const c = fieldContext(name, options, fallback);
  const chosen = destinationCountryOf(c.value)?.name;
  const choices = destinationCountries
    .map((country) => `<option${country.name === chosen ? " selected" : ""}>${escapeHtml(country.name)}</option>`)
    .join("");
  return `<div class="field${c.invalid ? " field--invalid" : ""}">
  <label for="${c.id}">Country</label>
  <select id="${c.id}" name="${name}" autocomplete="${autocomplete}"${c.aria}>${choices}</select>
  ${c.error}
</div>`;
}

/**
 * The address block, for shipping (required in the browser) or billing (checked on the server
 * only: the block is hidden while "same as shipping" is ticked, and hidden required fields
 * would block the form).
 */
function addressFields(
  kind: "shipping" | "billing",
  options: PaymentPageOptions,
  prefill: Partial<PostalAddress>,
  autocompleteSection: string,
): string {
  const name = kind === "shipping" ? f.shipping : f.billing;
  const required = kind === "shipping";
  const ac = (token: string) => `${autocompleteSection} ${token}`;
  return [
    input(
      { name: name("fullName"), label: "Full name", autocomplete: ac("name"), required, maxlength: 100, wide: true },
      options,
      prefill.fullName,
    ),
    input(
      {
        name: name("line1"),
        label: "Flat, house no., building, street",
        autocomplete: ac("address-line1"),
        required,
        maxlength: 200,
        wide: true,
      },
      options,
      prefill.line1,
    ),
    input(
      {
        name: name("line2"),
        label: "Area, landmark",
        autocomplete: ac("address-line2"),
        optional: true,
        maxlength: 200,
        wide: true,
      },
      options,
      prefill.line2,
    ),
    countrySelect(name("country"), options, ac("country-name"), prefill.country || "India"),
    input(
      {
        name: name("pincode"),
        label: "Pincode / Postal code",
        autocomplete: ac("postal-code"),
        // Not "required": countries without postal codes leave it empty; the server checks it per country.
        maxlength: 10,
        placeholder: "6 digits in India",
        hint: "Leave it empty in the UAE, Qatar and Hong Kong, which have none.",
      },
      options,
      prefill.pincode,
    ),
    input(
      { name: name("city"), label: "City", autocomplete: ac("address-level2"), required, maxlength: 60 },
      options,
      prefill.city,
    ),
    stateInput(name("state"), options, ac("address-level1"), prefill.state),
    input(
      {
        name: name("phone"),
        label: "Phone for delivery",
        type: "tel",
        autocomplete: ac("tel"),
        required,
        inputmode: "tel",
        maxlength: 20,
        placeholder: "10-digit mobile",
        hint: "Outside India, with the country code, like +44 20 7946 0958.",
      },
      options,
      prefill.phone,
    ),
  ].join("\n");
}

const methods = [
  { value: "upi", title: "UPI", tag: "Test", detail: "Any UPI app. Approves instantly in test mode." },
  { value: "card", title: "Credit or debit card", tag: "Test", detail: "Charged to test card 4111 •••• 1111." },
  {
    value: "cod",
    title: "Cash on delivery",
    tag: null,
    detail: "Pay in cash or UPI when your order arrives. Available only within India.",
  },
  {
    value: "fail",
    title: "Make this payment fail",
    tag: "Simulate",
    detail: "Declines the payment so you can see what shoppers see.",
  },
] as const;

function paymentMethods(options: PaymentPageOptions): string {
  const chosen = options.values?.[f.method] ?? "upi";
  const c = fieldContext(f.method, options);
  const upi = fieldContext(f.upiId, options);
  const code = fieldContext(f.codCode, options);
  const codNotice = options.codCodeSent
    ? `<p class="hint hint--sent" id="${code.id}-sent" role="status">${escapeHtml(options.codCodeSent)}</p>`
    : `<p class="hint" id="${code.id}-hint">We text a 6-digit code to your delivery phone when you place the order.</p>`;
  const codeDescribedBy = [
    options.codCodeSent ? `${code.id}-sent` : `${code.id}-hint`,
    code.invalid ? `${code.id}-error` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const choices = methods
    .map((method) => {
      const id = `method-${method.value}`;
      const extra =
        method.value === "upi"
          ? `<div class="method-extra field${upi.invalid ? " field--invalid" : ""}">
      <label for="${upi.id}">UPI ID <span class="optional">optional</span></label>
      <input id="${upi.id}" name="${f.upiId}" type="text" autocomplete="off" inputmode="email" placeholder="yourname@okaxis" value="${escapeHtml(upi.value)}"${upi.aria}>
      ${upi.error}
    </div>`
          : method.value === "cod"
            ? `<div class="method-extra method-extra--code field${code.invalid ? " field--invalid" : ""}">
      <label for="${code.id}">Code sent to your delivery phone</label>
      <input id="${code.id}" name="${f.codCode}" type="text" autocomplete="one-time-code" inputmode="numeric" maxlength="6" pattern="[0-9]{6}" value="${escapeHtml(code.value)}" aria-describedby="${codeDescribedBy}"${code.invalid ? ' aria-invalid="true"' : ""}${options.codCodeSent ? " autofocus" : ""}>
      ${codNotice}
      ${code.error}
    </div>`
            : "";
      return `<div class="method method--${method.value}">
    <input type="radio" id="${id}" name="${f.method}" value="${method.value}"${chosen === method.value ? " checked" : ""}>
    <label for="${id}">
      <span class="method-title">${escapeHtml(method.title)}${method.tag ? ` <span class="tag">${method.tag}</span>` : ""}</span>
      <span class="method-detail">${escapeHtml(method.detail)}</span>
    </label>
    ${extra}
  </div>`;
    })
    .join("\n");
  return `<fieldset class="methods" id="${c.id}"${c.aria}>
  <legend class="visually-hidden">Payment method</legend>
  ${choices}
  ${c.error}
</fieldset>`;
}

function orderSummary(summary: SandboxCheckoutSummary): string {
  const subtotal = summary.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const other = summary.amount - (subtotal - summary.discount);
  const lines = summary.lines
    .map((line) => {
      const image = line.imageUrl
        ? `<img src="${escapeHtml(line.imageUrl)}" alt="" width="56" height="56" loading="lazy">`
        : `<span class="thumb-fallback" aria-hidden="true">${escapeHtml(line.name.slice(0, 1).toUpperCase())}</span>`;
      return `<li class="line">
    <span class="thumb">${image}<span class="qty" aria-label="Quantity ${line.quantity}">${line.quantity}</span></span>
    <span class="line-name">${escapeHtml(line.name)}<span class="line-sku">${escapeHtml(line.sku)}</span></span>
    <span class="line-price">${formatOrderAmount(line.unitPrice * line.quantity)}</span>
  </li>`;
    })
    .join("\n");
  const discount =
    summary.discount > 0
      ? `<div class="row row--discount"><dt>Discount${summary.couponCode ? ` <span class="coupon">${escapeHtml(summary.couponCode)}</span>` : ""}</dt><dd>−${formatOrderAmount(summary.discount)}</dd></div>`
      : "";
  const otherRow = other > 0 ? `<div class="row"><dt>Charges</dt><dd>${formatOrderAmount(other)}</dd></div>` : "";
  return `<details class="summary" open>
  <summary><span>Order ${escapeHtml(summary.orderNumber)}</span><strong>${formatOrderAmount(summary.amount)}</strong></summary>
  <ul class="lines">${lines}</ul>
  <dl class="totals">
    <div class="row"><dt>Subtotal</dt><dd>${formatOrderAmount(subtotal)}</dd></div>
    ${discount}
    <div class="row"><dt>Shipping</dt><dd class="free">Free</dd></div>
    ${otherRow}
    <div class="row row--total"><dt>To pay</dt><dd>${formatOrderAmount(summary.amount)}</dd></div>
  </dl>
  <p class="taxes">Inclusive of all taxes</p>
</details>`;
}

function errorSummary(options: PaymentPageOptions): string {
  const entries = Object.entries(options.fieldErrors ?? {});
  if (entries.length === 0) return "";
  const items = entries
    .map(([name, messages]) => {
      const section = name.startsWith("billingAddress.") ? "Billing address: " : "";
      return `<li><a href="#${idOf(name)}">${escapeHtml(section + (messages[0] ?? "Check this field"))}</a></li>`;
    })
    .join("");
  return `<div class="alert alert--error" role="alert" tabindex="-1" id="form-errors">
  <p class="alert-title">Please check ${entries.length === 1 ? "this field" : `these ${entries.length} fields`}</p>
  <ul>${items}</ul>
</div>`;
}

function fontFace(url: string | undefined): string {
  if (!url) return "";
  return `@font-face{font-family:"Anton";font-style:normal;font-weight:400;font-display:swap;src:url("${escapeHtml(url)}") format("woff2");}`;
}

function layout(title: string, options: { shopName: string; displayFontUrl?: string }, main: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<meta name="theme-color" content="#0E0E10">
<title>${escapeHtml(title)} · ${escapeHtml(options.shopName)} Sandbox Pay</title>
<style>${fontFace(options.displayFontUrl)}${pageStyles}</style>
</head>
<body>
<header class="topbar">
  <div class="topbar-inner">
    <span class="brand">${escapeHtml(options.shopName)}</span>
    <span class="secure">${lockIcon} Secure checkout</span>
    <span class="test-pill">Test mode</span>
  </div>
</header>
${main}
<footer class="footer">
  <p>${lockIcon} Payments by <strong>${escapeHtml(options.shopName)} Sandbox Pay</strong>. Test mode: no real money moves and no card or UPI details are stored.</p>
</footer>
</body>
</html>`;
}

/**
 * The sandbox gateway's hosted page: order summary, contact, shipping address, billing address
 * ("same as shipping" by default), payment method, one submit button. No scripts at all (CSP
 * `script-src 'self'`): a plain form POSTed to `actionUrl`, re-rendered with the typed values
 * and field errors when the server refuses it. Mobile first; two columns from 900px.
 */
export function renderPaymentPage(summary: SandboxCheckoutSummary, options: PaymentPageOptions): string {
  const values = options.values ?? {};
  const billingSame = options.fieldErrors
    ? values[f.billingSameAsShipping] === "on"
    : (values[f.billingSameAsShipping] ?? "on") === "on";
  const prefillPhone = summary.prefill.phone.replace(/^\+91/, "");
  // A saved address the shopper chose fills the shipping block; they may still change any of it.
  const shipTo = summary.prefill.address;
  const shippingPrefill: Partial<PostalAddress> = shipTo
    ? { ...shipTo, phone: shipTo.phone.replace(/^\+91/, "") }
    : { phone: prefillPhone };
  const codeSentNotice = options.codCodeSent
    ? `<div class="alert alert--info" role="status"><p class="alert-title">Check your phone</p><p>${escapeHtml(options.codCodeSent)}</p></div>`
    : "";
  const failedNotice = summary.lastAttemptFailed
    ? `<div class="alert alert--warn" role="status"><p class="alert-title">Your last payment attempt was declined</p><p>No money was taken. Try again, or choose another way to pay.</p></div>`
    : "";
  const cancel = options.cancelUrl
    ? `<a class="cancel" href="${escapeHtml(options.cancelUrl)}">Cancel and go back to ${escapeHtml(options.shopName)}</a>`
    : "";
  const expires = new Date(summary.expiresAt);
  const expiresText = expires.toLocaleTimeString("en-IN", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Asia/Kolkata",
  });
  const main = `<main class="page">
  <div class="layout">
    <aside class="aside">${orderSummary(summary)}</aside>
    <form class="checkout" method="post" action="${escapeHtml(options.actionUrl)}" novalidate>
      <h1>Checkout</h1>
      <p class="lede">Pay <strong>${formatOrderAmount(summary.amount)}</strong> for order ${escapeHtml(summary.orderNumber)}. This page stays open until ${escapeHtml(expiresText)}.</p>
      ${failedNotice}${codeSentNotice}${errorSummary(options)}
      <section class="step" aria-labelledby="step-contact">
        <h2 id="step-contact"><span class="step-no">1</span> Contact</h2>
        <div class="grid">
          ${input({ name: f.email, label: "E-mail", type: "email", autocomplete: "email", required: true, maxlength: 254, placeholder: "you@example.com", hint: "Your order confirmation goes here." }, options, summary.prefill.email)}
          ${input({ name: f.phone, label: "Mobile number", type: "tel", autocomplete: "tel", required: true, inputmode: "tel", maxlength: 20, placeholder: "10-digit mobile", hint: "For delivery updates. Indian mobiles need no +91; other numbers need their country code." }, options, prefillPhone)}
        </div>
      </section>
      <section class="step" aria-labelledby="step-shipping">
        <h2 id="step-shipping"><span class="step-no">2</span> Shipping address</h2>
        <div class="grid">
          ${addressFields("shipping", options, shippingPrefill, "section-ship shipping")}
        </div>
        <div class="billing">
          <input type="checkbox" id="${idOf(f.billingSameAsShipping)}" name="${f.billingSameAsShipping}" value="on"${billingSame ? " checked" : ""}>
          <label class="check" for="${idOf(f.billingSameAsShipping)}">Billing address same as shipping</label>
          <fieldset class="billing-fields">
            <legend>Billing address</legend>
            <div class="grid">
              ${addressFields("billing", options, {}, "section-bill billing")}
            </div>
          </fieldset>
        </div>
        ${indianStatesList}
      </section>
      <section class="step" aria-labelledby="step-payment">
        <h2 id="step-payment"><span class="step-no">3</span> Payment</h2>
        ${paymentMethods(options)}
      </section>
      <div class="actions">
        <button type="submit" class="pay">
          <span class="pay-label pay-label--pay">${lockIcon} Pay ${formatOrderAmount(summary.amount)}</span>
          <span class="pay-label pay-label--cod">Place order · pay ${formatOrderAmount(summary.amount)} on delivery</span>
          <span class="pay-label pay-label--fail">Attempt payment (it will be declined)</span>
        </button>
        <button type="submit" class="resend" name="${f.codAction}" value="send" formnovalidate>Send a new code to my delivery phone</button>
        ${cancel}
        <p class="fine">By paying you agree to ${escapeHtml(options.shopName)}'s terms. Orders can be cancelled within 6 hours.</p>
      </div>
    </form>
  </div>
</main>`;
  return layout("Checkout", options, main);
}

/** A short page for links that cannot be paid any more (unknown, expired) or were already paid. */
export function renderPaymentStatusPage(options: {
  shopName: string;
  title: string;
  message: string;
  link: { url: string; label: string } | null;
  displayFontUrl?: string;
}): string {
  const link = options.link
    ? `<a class="pay pay--link" href="${escapeHtml(options.link.url)}">${escapeHtml(options.link.label)}</a>`
    : "";
  const main = `<main class="page page--narrow">
  <div class="status-card">
    <h1>${escapeHtml(options.title)}</h1>
    <p>${escapeHtml(options.message)}</p>
    ${link}
  </div>
</main>`;
  return layout(options.title, options, main);
}

/**
 * The storefront hands the page a fallback URL (`?fallback=`); only the shop's own pages are
 * accepted, so the payment page never becomes an open redirect.
 */
export function safeFallbackUrl(fallback: string | undefined, publicUrl: string): string | null {
  if (!fallback) return null;
  try {
    const origin = new URL(publicUrl).origin;
    const url = new URL(fallback, origin);
    return url.origin === origin ? url.toString() : null;
  } catch {
    return null;
  }
}
