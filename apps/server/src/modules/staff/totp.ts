import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const period = 30;
const digits = 6;
const algorithm = "SHA1";
/** A code of the step before or after the current one is accepted too (clock drift). */
const window = 1;

/** A new 160-bit secret, base32 (what the app shows as text). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm, digits, period, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app enrols from. */
export function otpauthUri(secret: string, issuer: string, email: string): string {
  return totpOf(secret, issuer, email).toString();
}

/** The QR code of `uri` as an SVG document (drawn as paths: no inline script or style). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * The 30-second step a code belongs to, if it is right for `now` (±1 step), else null. The caller
 * refuses a step at or before the last accepted one, so a code is never accepted twice.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm,
    digits,
    period,
    timestamp,
    window,
  });
  return delta === null ? null : TOTP.counter({ period, timestamp }) + delta;
}

/** The code for a moment (tests and the first-run check of an app use it). */
export function totpCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm, digits, period, timestamp: at.getTime() });
}
