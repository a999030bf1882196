import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane); these are also the library's
 * defaults, written out so a library upgrade cannot weaken them silently.
 */
const argon2idOptions = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2idOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no such account, so response times do not
 * tell which e-mails are registered. Always answers false.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword("no-such-account-0!");
  await verifyPassword(await dummyHash, password);
  return false;
}
