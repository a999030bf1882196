import { beforeEach, describe, expect, it } from "vitest";
import { RECENTLY_VIEWED_KEY, shelfIds, useRecentlyViewedStore } from "./recently-viewed-store";

beforeEach(() => {
  localStorage.clear();
  useRecentlyViewedStore.setState({ productIds: [] });
});

describe("recently viewed", () => {
  it("keeps the newest first, each product once, and remembers them in this browser", () => {
    const { record } = useRecentlyViewedStore.getState();
    for (const id of [1, 2, 3, 2]) record(id);
    expect(useRecentlyViewedStore.getState().productIds).toEqual([2, 3, 1]);
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? "[]")).toEqual([2, 3, 1]);
  });

  it("shows the last eight, leaving out the product on screen", () => {
    const { record } = useRecentlyViewedStore.getState();
    for (let id = 1; id <= 12; id++) record(id);
    const stored = useRecentlyViewedStore.getState().productIds;
    expect(stored).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(shelfIds(stored, 12)).toEqual([11, 10, 9, 8, 7, 6, 5, 4]);
    expect(shelfIds(stored)).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
  });
});
