import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of `data` keyed with `secret`: hex (sandbox, Razorpay) or Base64 (Shiprocket Checkout). */
export function hmacSha256(secret: string, data: string | Buffer, encoding: "hex" | "base64"): string {
  return createHmac("sha256", secret).update(data).digest(encoding);
}

/** Constant-time comparison that also hides the lengths (both sides are hashed first). */
export function safeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(a), digest(b)) && a.length === b.length;
}

/** A request header by case-insensitive name; the first value when repeated. */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
