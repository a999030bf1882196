import { describe, expect, it } from "vitest";
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
