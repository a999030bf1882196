/** Placeholder: the cart panel is being built. */
export function CartPanel() {
  return null;
}
