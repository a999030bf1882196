import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../lib/toast-store";
import { useUiStore } from "../../../lib/ui-store";
import { type Call, fail, ok, renderInShell, stubApi } from "../../cart/test/cart-fixtures";
import { SearchPopup } from "./search-popup";

function product(id: number, name: string, price = 179900) {
  return {
    id,
    name,
    slug: name.toLowerCase().replaceAll(" ", "-"),
    price,
    currency: "INR",
    imageUrl: `/media/products/${id}.svg`,
    images: [],
    categories: [{ id: 6, name: "Hoodies", slug: "hoodies", parentId: 1, imageUrl: null }],
    variants: [],
    featured: false,
    inStock: true,
    createdAt: "2025-01-01T00:00:00.000Z",
  };
}

function page(content: unknown[]) {
  return {
    content,
    page: { number: 0, size: 10, totalElements: content.length, totalPages: 1 },
    hasNext: false,
  };
}

const HOODIES = [product(38, "Essential Hoodie"), product(39, "Moonlight Hoodie", 229900), product(40, "Orbit Hoodie")];

function searches(calls: Call[]) {
  return calls.filter((call) => call.url.pathname === "/api/products/search");
}

function renderPopup() {
  const view = renderInShell(<SearchPopup />, { advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  act(() => useUiStore.setState({ overlay: "search" }));
  return view;
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useUiStore.setState({ overlay: null });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("search popup", () => {
  it("opens with the input focused, the hint shown and submit disabled below 3 characters", async () => {
    const calls = stubApi(() => ok(page(HOODIES)));
    const { user } = renderPopup();
    const dialog = await screen.findByRole("dialog", { name: "What are you looking for?" });
    const input = within(dialog).getByRole("combobox", { name: "What are you looking for?" });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input.getAttribute("placeholder")).toMatch(/at least 3 characters/);

    await user.type(input, " ho ");
    expect(within(dialog).getByText("Type at least 3 characters to search")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Search" })).toBeDisabled();
    await settle();
    expect(searches(calls)).toHaveLength(0);
    expect(input).toHaveAttribute("aria-expanded", "false");
  });

  it("searches 500 ms after typing stops, once, with page 1 and limit 10", async () => {
    const calls = stubApi(() => ok(page(HOODIES)));
    const { user } = renderPopup();
    const input = await screen.findByRole("combobox");
    await user.type(input, "hodie");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(searches(calls)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    const [search] = searches(calls);
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toEqual({ keyword: "hodie", page: "1", limit: "10" });

    const listbox = await screen.findByRole("listbox");
    const options = within(listbox).getAllByRole("option");
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveTextContent("Essential Hoodie");
    expect(options[1]).toHaveTextContent("Rs. 2,299");
    expect(options[0]?.querySelector("img")).toHaveAttribute("src", "/media/products/38.svg");
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(input).toHaveAttribute("aria-controls", listbox.id);
    expect(screen.getByText(/3 products found/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Search" })).toBeEnabled();
  });

  it("moves through the options with the arrow keys and opens the active one on Enter", async () => {
    stubApi(() => ok(page(HOODIES)));
    const { user } = renderPopup();
    const input = await screen.findByRole("combobox");
    await user.type(input, "hoodie");
    await settle();
    const options = await screen.findAllByRole("option");

    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id);
    await user.keyboard("{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", options[2]?.id);
    await user.keyboard("{ArrowUp}");
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    expect(options[0]).toHaveAttribute("aria-selected", "false");

    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent("/product/39"));
    expect(useUiStore.getState().overlay).toBeNull();
  });

  it("opens the results page when nothing is highlighted (issue 30)", async () => {
    stubApi(() => ok(page(HOODIES)));
    const { user } = renderPopup();
    const input = await screen.findByRole("combobox");
    await user.type(input, " hoodie {Enter}");
    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent("/search"));
    expect(useUiStore.getState().overlay).toBeNull();
  });

  it("says so when nothing matches, and Enter still opens the results page", async () => {
    stubApi(() => ok(page([])));
    const { user } = renderPopup();
    const input = await screen.findByRole("combobox");
    await user.type(input, "zzzzz");
    await settle();
    expect(await screen.findByText("No products found")).toBeInTheDocument();
    expect(screen.getByText("Try searching with different keywords")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-expanded", "false");

    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent("/search"));
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it("shows the spec's text when the search fails", async () => {
    stubApi(() => fail(500, "boom"));
    const { user } = renderPopup();
    await user.type(await screen.findByRole("combobox"), "hoodie");
    await settle();
    expect((await screen.findAllByText("Search failed. Please try again.")).length).toBeGreaterThan(0);
  });

  it("answers a repeated query from the cache", async () => {
    const calls = stubApi(() => ok(page(HOODIES)));
    const { user } = renderPopup();
    const input = await screen.findByRole("combobox");
    await user.type(input, "hoodie");
    await settle();
    await screen.findAllByRole("option");
    await user.clear(input);
    await user.type(input, "hoodie ");
    await settle();
    await screen.findAllByRole("option");
    expect(searches(calls)).toHaveLength(1);
  });

  it("closes on Escape", async () => {
    stubApi(() => ok(page(HOODIES)));
    const { user } = renderPopup();
    await screen.findByRole("combobox");
    await user.keyboard("{Escape}");
    expect(useUiStore.getState().overlay).toBeNull();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
