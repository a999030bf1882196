/** The landing page's texts (R-STORE-2 "Themed landing page", R-STORE-3, R-STORE-8). */
export const vakiverseMessages = {
  loading: "Loading characters...",
  loadFailed: "Failed to load characters",
  storeUnavailable: "Product store is not available",
  retry: "Retry",
  moreAvailable: "+ More characters available",
  viewAll: "View All Characters",
  viewProduct: "View Product Details",
  close: "Close",
  /** The category product list the "View All Characters" button opens is named Characters. */
  allCharactersListName: "Characters",
  fallbackName: (position: number) => `Character ${position}`,
  fallbackStory:
    "A mysterious character from the Vakiverse. Nobody knows where they came from, and they are not telling. Yet.",
} as const;
