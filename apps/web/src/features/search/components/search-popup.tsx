/** Placeholder: the search popup is being built. */
export function SearchPopup() {
  return null;
}
