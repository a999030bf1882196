/** "oversized-tees" → "Oversized Tees" until categories come from the API. */
export function categoryNameFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
