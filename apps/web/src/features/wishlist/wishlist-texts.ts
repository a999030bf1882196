/** The wishlist's words (issue 30). */
export const wishlistTexts = {
  add: "Add to wishlist",
  remove: "Remove from wishlist",
  link: "Wishlist",
  title: "Your Wishlist",
  empty: "Your wishlist is empty",
  emptyText: "Tap the heart on anything you like and it waits for you here.",
  browse: "Browse All Products",
  loading: "Loading your wishlist...",
  failed: "Could not update your wishlist. Please try again.",
  loadFailed: "Could not load your wishlist.",
  count: (n: number) => `${n} ${n === 1 ? "product" : "products"} saved`,
} as const;
