import { QueryClient } from "@tanstack/react-query";
import { firstListPagePath } from "@vaki/contract/product-list";
import { afterEach, describe, expect, it, vi } from "vitest";
import { productListQuery } from "./catalogue-api";

const firstPage = {
  content: [{ id: 7, name: "Moon Tee" }],
  page: { number: 1, size: 20, totalElements: 1, totalPages: 1 },
  hasNext: false,
  facets: { sizes: [], colors: [], price: null },
  category: { id: 3, name: "Tees", tagline: "Soft and heavy", breadcrumb: [] },
};

function serveFirstData(path: string): void {
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = "vaki-first-data";
  script.textContent = JSON.stringify({ path, data: firstPage });
  document.head.append(script);
}

afterEach(() => {
  document.getElementById("vaki-first-data")?.remove();
  vi.unstubAllGlobals();
});

describe("a product list's first page from the served HTML", () => {
  it("opens an unfiltered list on the page the server wrote for it, without asking again", async () => {
    serveFirstData(firstListPagePath("3"));
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const data = await new QueryClient().fetchInfiniteQuery(productListQuery("3", { sort: "newest" }));
    expect(data).toEqual({ pages: [firstPage], pageParams: [1] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks the API itself, at the address the server wrote under, when no page was written", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, message: "OK", data: firstPage }), {
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    await new QueryClient().fetchInfiniteQuery(productListQuery(null, { sort: "newest" }));
    await new QueryClient().fetchInfiniteQuery(productListQuery("tees", { sort: "newest" }));
    const urls = fetch.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls).toEqual([firstListPagePath(null), firstListPagePath("tees")]);
  });

  it("leaves the written page alone for a filtered or sorted list, or another category's", async () => {
    serveFirstData(firstListPagePath("3"));
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, message: "OK", data: { ...firstPage, content: [] } }), {
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    for (const [key, filters] of [
      ["3", { sort: "newest", size: "M" }],
      ["3", { sort: "price_asc" }],
      ["4", { sort: "newest" }],
      [null, { sort: "newest" }],
    ] as const) {
      const data = await new QueryClient().fetchInfiniteQuery(productListQuery(key, filters));
      expect(data.pages[0]?.content, JSON.stringify([key, filters])).toEqual([]);
    }
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(document.getElementById("vaki-first-data")).not.toBeNull();
  });
});
