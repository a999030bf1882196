import { checkoutMessages as m } from "@vaki/contract/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Gone, NotFound } from "../../lib/errors.js";
import { clientAddressOf } from "../../lib/rate-limit/rate-limiter.js";
import { type ShopAddress, shopOriginFor } from "../../lib/shop-origin.js";
import { sandboxCheckoutScript } from "../../providers/payment/sandbox-page/checkout-script.js";
import { displayFontDataUrl } from "../../providers/payment/sandbox-page/display-font.js";
import {
  renderPaymentPage,
  renderPaymentStatusPage,
  safeFallbackUrl,
} from "../../providers/payment/sandbox-page/render-payment-page.js";
import { OrderNotPayable, type SandboxPayService } from "./sandbox-pay.js";

export interface SandboxRoutesDeps {
  sandboxPay: SandboxPayService;
  shop: { name: string } & ShopAddress;
}

const tags = ["sandbox"];
const paramsSchema = z.object({ token: z.string().max(200) });
const querySchema = z.object({ fallback: z.string().max(2000).optional() });
/** The browser's form, flattened by the urlencoded parser below. */
const formSchema = z.record(z.string(), z.string()).nullish();

/**
 * The shop's icon in the page's head (the renderer names none, and browsers then ask for a
 * /favicon.ico the shop does not have: a 404 in the console on every page view).
 */
const withShopIcon = (html: string) =>
  html.replace("</head>", '<link rel="icon" type="image/svg+xml" href="/favicon.svg">\n</head>');

/** Answers a redirect within the shop as a path (the browser stays on the origin it is on). */
function locationFor(url: string, origin: string): string {
  const target = new URL(url);
  return target.origin === new URL(origin).origin ? `${target.pathname}${target.search}` : target.toString();
}

/**
 * The sandbox gateway's browser side (only with PAYMENT_PROVIDER=sandbox): its script, its
 * hosted page and the page's form post. Plain HTML with no inline script (the shop's CSP).
 */
export const sandboxPayRoutes: FastifyPluginAsyncZod<SandboxRoutesDeps> = async (app, { sandboxPay, shop }) => {
  // Only this plugin's routes take a browser form (application/x-www-form-urlencoded).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const displayFontUrl = displayFontDataUrl() ?? undefined;
  const fontOption = displayFontUrl ? { displayFontUrl } : {};

  /** Links of the page follow the shopper's origin (PUBLIC_URL when set). */
  const originOf = (request: FastifyRequest) => shopOriginFor(request, shop);

  function statusPage(reply: FastifyReply, error: NotFound | Gone, fallback: string | null, origin: string) {
    const expired = error instanceof Gone;
    const unpayable = error instanceof OrderNotPayable;
    const html = renderPaymentStatusPage({
      shopName: shop.name,
      title: unpayable ? "Order not payable" : expired ? "Link expired" : "Link not valid",
      message: unpayable ? error.message : expired ? m.paymentPageExpired : m.paymentPageNotFound,
      link: { url: fallback ?? `${origin}/`, label: `Back to ${shop.name}` },
      ...fontOption,
    });
    return reply.status(error.status).type("text/html; charset=utf-8").send(withShopIcon(html));
  }

  const actionUrl = (token: string, fallback: string | null) =>
    `/sandbox/pay/${encodeURIComponent(token)}${fallback ? `?fallback=${encodeURIComponent(fallback)}` : ""}`;

  app.get(
    "/sandbox/checkout.js",
    {
      schema: {
        tags,
        summary: "The sandbox gateway's browser script: VakiSandboxCheckout.open(token, { fallbackUrl })",
      },
    },
    async (_request, reply) =>
      reply
        .header("cache-control", "public, max-age=300")
        .type("application/javascript; charset=utf-8")
        .send(sandboxCheckoutScript),
  );

  app.get(
    "/sandbox/pay/:token",
    {
      schema: {
        tags,
        summary: "The sandbox's hosted payment page (HTML); unknown or expired links get a friendly page",
        params: paramsSchema,
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const fallback = safeFallbackUrl(request.query.fallback, origin);
      try {
        const summary = await sandboxPay.summary(request.params.token);
        if (summary.completedRedirectUrl) {
          const back = sandboxPay.returnUrl(
            summary.completedRedirectUrl,
            summary.orderId,
            fallback ?? undefined,
            origin,
          );
          return reply.redirect(locationFor(back, origin), 303);
        }
        const html = renderPaymentPage(summary, {
          shopName: shop.name,
          actionUrl: actionUrl(request.params.token, fallback),
          cancelUrl: `${origin}/`,
          ...fontOption,
        });
        return reply.type("text/html; charset=utf-8").send(withShopIcon(html));
      } catch (error) {
        if (error instanceof NotFound || error instanceof Gone) return statusPage(reply, error, fallback, origin);
        throw error;
      }
    },
  );

  app.post(
    "/sandbox/pay/:token",
    {
      schema: {
        tags,
        summary:
          "The hosted page's form (urlencoded): field errors re-render the page (400); otherwise the shop gets the signed webhook and the shopper a 303 back",
        params: paramsSchema,
        querystring: querySchema,
        body: formSchema,
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const fallback = safeFallbackUrl(request.query.fallback, origin);
      const form = request.body ?? {};
      try {
        const submitted = await sandboxPay.submit(
          request.params.token,
          form,
          fallback ?? undefined,
          origin,
          clientAddressOf(request),
        );
        if (submitted.kind === "completed") return reply.redirect(locationFor(submitted.redirectUrl, origin), 303);
        const sent = submitted.kind === "code-sent";
        const html = renderPaymentPage(submitted.summary, {
          shopName: shop.name,
          actionUrl: actionUrl(request.params.token, fallback),
          cancelUrl: `${origin}/`,
          // A new code is typed fresh: the old one is not shown again.
          values: sent ? { ...form, codCode: "" } : form,
          fieldErrors: sent ? {} : submitted.fieldErrors,
          ...(sent ? { codCodeSent: submitted.notice } : {}),
          ...fontOption,
        });
        return reply
          .status(sent ? 200 : 400)
          .type("text/html; charset=utf-8")
          .send(withShopIcon(html));
      } catch (error) {
        if (error instanceof NotFound || error instanceof Gone) return statusPage(reply, error, fallback, origin);
        throw error;
      }
    },
  );
};
