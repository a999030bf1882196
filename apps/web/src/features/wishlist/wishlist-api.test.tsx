import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSessionStore } from "../../lib/session-store";
import { resetAccountState, sessionTokens, USER } from "../accounts/testing/auth-fixtures";
import { fail, ok, renderInShell, stubApi } from "../cart/test/cart-fixtures";
import { WishlistButton } from "./components/wishlist-button";
import { GUEST_WISHLIST_KEY, useGuestWishlist } from "./guest-wishlist";
import { mergeGuestWishlist, wishlistKey } from "./wishlist-api";

beforeEach(() => {
  resetAccountState();
  useGuestWishlist.setState({ productIds: [] });
});

afterEach(() => vi.unstubAllGlobals());

describe("wishlist", () => {
  it("keeps a guest's hearts in this browser, newest first, without calling the server", async () => {
    const calls = stubApi(() => ok({}));
    const { user } = renderInShell(
      <>
        <WishlistButton productId={7} productName="Orbit Hoodie" />
        <WishlistButton productId={9} productName="Luna Tee" variant="page" />
      </>,
    );
    const [heart] = screen.getAllByRole("button", { name: "Add to wishlist", pressed: false });
    if (!heart) throw new Error("no heart");
    await user.click(heart);
    expect(screen.getByRole("button", { name: "Remove from wishlist", pressed: true })).toBe(heart);
    await user.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(JSON.parse(localStorage.getItem(GUEST_WISHLIST_KEY) ?? "[]")).toEqual([9, 7]);

    await user.click(heart);
    expect(JSON.parse(localStorage.getItem(GUEST_WISHLIST_KEY) ?? "[]")).toEqual([9]);
    expect(calls.filter((call) => call.url.pathname.startsWith("/api/wishlist"))).toEqual([]);
  });

  it("saves a signed-in shopper's heart on the account and undoes it when the server refuses", async () => {
    let refuse = false;
    const calls = stubApi((call) => {
      if (call.url.pathname === "/api/wishlist" && call.method === "GET") return ok({ productIds: [3] });
      if (refuse) return fail(404, "This product is not available");
      return ok({ productIds: [7, 3] });
    });
    act(() => useSessionStore.getState().setSession(sessionTokens()));
    const { user } = renderInShell(<WishlistButton productId={7} productName="Orbit Hoodie" />);
    const heart = await screen.findByRole("button", { name: "Add to wishlist" });
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
    expect(calls.find((call) => call.method === "PUT")?.url.pathname).toBe("/api/wishlist/7");

    refuse = true;
    await user.click(heart);
    await waitFor(() => expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1));
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
  });

  it("merges the browser's list into the account at login and then forgets it", async () => {
    useGuestWishlist.getState().toggle(4);
    useGuestWishlist.getState().toggle(5);
    const calls = stubApi(() => ok({ productIds: [5, 4, 1] }));
    const { queryClient } = renderInShell(null);
    await mergeGuestWishlist(queryClient, { accessToken: "token", userId: USER.id });
    const merge = calls.find((call) => call.url.pathname === "/api/wishlist/merge");
    expect(merge?.body).toEqual({ productIds: [5, 4] });
    expect(queryClient.getQueryData(wishlistKey(USER.id))).toEqual({ productIds: [5, 4, 1] });
    expect(useGuestWishlist.getState().productIds).toEqual([]);
    expect(localStorage.getItem(GUEST_WISHLIST_KEY)).toBeNull();
  });

  it("keeps the browser's list when the merge fails, so the next login tries again", async () => {
    useGuestWishlist.getState().toggle(4);
    stubApi(() => fail(500, "boom"));
    const { queryClient } = renderInShell(null);
    await expect(mergeGuestWishlist(queryClient, { accessToken: "token", userId: USER.id })).rejects.toThrow();
    expect(useGuestWishlist.getState().productIds).toEqual([4]);
  });
});
