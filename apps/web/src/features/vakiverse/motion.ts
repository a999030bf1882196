/** True when the visitor asked for less motion (and false where the browser cannot tell). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}
