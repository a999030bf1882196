import { createHmac, randomInt } from "node:crypto";

/** Letters and digits without the look-alikes (0/o, 1/l/i), so a code copied by hand still works. */
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten single-use codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Keyed hash of a code: without the shop's secret, a stolen table cannot be searched by guessing codes. */
export function hashRecoveryCode(key: Buffer, code: string): string {
  return createHmac("sha256", key).update(code.trim().toLowerCase()).digest("hex");
}
