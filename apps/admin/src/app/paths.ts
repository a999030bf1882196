/** The sign-in page, remembering where the person was going and why they are there. */
export function signInPath(next?: string, notice?: "ended"): string {
  const params = new URLSearchParams();
  if (next && next !== "/") params.set("next", next);
  if (notice) params.set("notice", notice);
  const query = params.toString();
  return `/sign-in${query ? `?${query}` : ""}`;
}
