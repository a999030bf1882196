/** The search popup's texts (R-STORE-2 "Search popup", R-STORE-4 "Search", R-STORE-8). */
export const searchMessages = {
  title: "What are you looking for?",
  placeholder: "Enter at least 3 characters",
  hint: "Type at least 3 characters to search",
  submit: "Search",
  searching: "Searching...",
  noResultsTitle: "No products found",
  noResultsText: "Try searching with different keywords",
  failed: "Search failed. Please try again.",
  resultCount: (shown: number, total: number) =>
    total > shown
      ? `${total} products found, showing the first ${shown}. Use the up and down arrows to choose one.`
      : `${total} ${total === 1 ? "product" : "products"} found. Use the up and down arrows to choose one.`,
  popular: "Popular searches",
} as const;

/** Shown while the field is empty: one tap fills it in. */
export const popularSearches = [
  { label: "Hoodies", query: "hoodie" },
  { label: "Oversized tees", query: "oversized" },
  { label: "Joggers", query: "joggers" },
  { label: "Caps", query: "cap" },
] as const;

/** R-STORE-5 and R-STORE-9. */
export const searchRules = {
  minLength: 3,
  debounceMs: 500,
  page: 1,
  limit: 10,
} as const;
