import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * One strength estimate for staff passwords, shared by the server (which refuses weak ones) and
 * the admin app's meter, so both always agree. zxcvbn scores 0 (guessable) to 4 (very strong).
 */
let factory: ZxcvbnFactory | undefined;

/** The lowest zxcvbn score a staff password may have. */
export const minimumPasswordScore = 3;

/** zxcvbn's score (0-4) of a password; the person's own name and e-mail count against it. */
export function passwordScore(password: string, userInputs: readonly string[] = []): 0 | 1 | 2 | 3 | 4 {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  // zxcvbn's cost grows with length; the first 128 characters decide the score well enough.
  return factory.check(password.slice(0, 128), [...userInputs]).score;
}

/** Whether a password is strong enough for a staff account. */
export function isStrongStaffPassword(password: string, userInputs: readonly string[] = []): boolean {
  return passwordScore(password, userInputs) >= minimumPasswordScore;
}
