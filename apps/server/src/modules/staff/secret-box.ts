import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** A 32-byte key for one purpose, derived from the shop's secret (HKDF-SHA256). */
export function deriveKey(shopSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", shopSecret, "vaki-staff", purpose, 32));
}

/**
 * Seals small secrets (TOTP secrets) with AES-256-GCM, so a copy of the database alone does not
 * let anyone compute a staff person's codes. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Not a sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  }
}
