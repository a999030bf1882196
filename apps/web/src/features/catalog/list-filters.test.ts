import { describe, expect, it } from "vitest";
import { activeFilterCount, filtersFromSearchParams, listParamsOf, withFilters } from "./list-filters";

describe("list filters in the URL", () => {
  it("reads every filter from the search params", () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams("size=M&color=Off+White&minPrice=500&maxPrice=1500&inStock=true&sort=price_asc"),
    );
    expect(filters).toEqual({
      size: "M",
      color: "Off White",
      minPrice: 500,
      maxPrice: 1500,
      inStock: true,
      sort: "price_asc",
    });
    expect(activeFilterCount(filters)).toBe(4);
  });

  it("ignores malformed values and defaults the sort to newest", () => {
    expect(filtersFromSearchParams(new URLSearchParams("minPrice=-4&maxPrice=abc&sort=cheapest&inStock=1"))).toEqual({
      sort: "newest",
    });
  });

  it("swaps a minimum above the maximum", () => {
    expect(filtersFromSearchParams(new URLSearchParams("minPrice=2000&maxPrice=500"))).toMatchObject({
      minPrice: 500,
      maxPrice: 2000,
    });
  });

  it("writes filters back, leaving defaults out and keeping keys it does not own", () => {
    const params = withFilters(new URLSearchParams("name=Tees&size=S&page=2"), {
      size: "L",
      inStock: true,
      sort: "newest",
    });
    expect(params.toString()).toBe("name=Tees&page=2&size=L&inStock=true");
  });

  it("round-trips: what is written reads back the same", () => {
    const filters = { color: "Midnight Black", maxPrice: 999, sort: "price_desc" as const };
    expect(filtersFromSearchParams(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it("sends prices to the API in paise, and only the filters set", () => {
    expect(listParamsOf({ minPrice: 500, maxPrice: 1299, sort: "price_asc" })).toEqual({
      minPrice: 50000,
      maxPrice: 129900,
      sort: "price_asc",
    });
  });
});
