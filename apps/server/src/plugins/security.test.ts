import { describe, expect, it } from "vitest";
import { createTestShop } from "../../test/helpers/app.js";
import { testEngine } from "../../test/helpers/database.js";
import { securityHeaders } from "./security.js";

describe("security headers", () => {
  it("forbid inline scripts, framing and sniffing, and keep referrers to the origin", () => {
    const headers = securityHeaders(false);
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("send HSTS only when the shop sits behind HTTPS (TRUST_PROXY)", () => {
    expect(securityHeaders(false)["strict-transport-security"]).toBeUndefined();
    expect(securityHeaders(true)["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe(`the Content-Security-Policy per payment provider (${testEngine})`, () => {
  const cspOf = async (env: Record<string, string>) => {
    const shop = await createTestShop(env);
    try {
      const response = await shop.app.inject({ method: "GET", url: "/api/health" });
      return response.headers["content-security-policy"] as string;
    } finally {
      await shop.close();
    }
  };
  const directive = (csp: string, name: string) =>
    csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? "";
  const shiprocket = {
    PAYMENT_PROVIDER: "shiprocket",
    SHIPROCKET_CHECKOUT_API_KEY: "key",
    SHIPROCKET_CHECKOUT_SECRET: "secret",
  };

  it("admits nothing beyond the shop itself with the sandbox gateway", async () => {
    const csp = await cspOf({});
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
    expect(directive(csp, "frame-src")).toBe("");
    expect(csp).not.toContain("shiprocket");
  });

  it("admits Shiprocket Checkout's script, stylesheet and checkout frame when it is chosen, and nothing more", async () => {
    const csp = await cspOf(shiprocket);
    expect(directive(csp, "script-src")).toBe("script-src 'self' https://checkout-ui.shiprocket.com");
    expect(directive(csp, "style-src")).toBe("style-src 'self' 'unsafe-inline' https://checkout-ui.shiprocket.com");
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' https://checkout-ui.shiprocket.com");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("admits the staging UI's origin with the staging checkout API", async () => {
    const csp = await cspOf({ ...shiprocket, SHIPROCKET_CHECKOUT_API_URL: "https://fastrr-api-dev.pickrr.com" });
    expect(directive(csp, "script-src")).toBe("script-src 'self' https://customcheckoutfastrr.netlify.app");
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' https://customcheckoutfastrr.netlify.app");
    expect(csp).not.toContain("checkout-ui.shiprocket.com");
  });
});

describe(`who may embed an answer (${testEngine})`, () => {
  it("lets other origins show the product pictures (order e-mails, link previews), and nothing else", async () => {
    const shop = await createTestShop();
    try {
      const media = await shop.app.inject({ method: "GET", url: "/media/no-such-picture.png" });
      expect(media.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      const api = await shop.app.inject({ method: "GET", url: "/api/health" });
      expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin");
    } finally {
      await shop.close();
    }
  });
});
