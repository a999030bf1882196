import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useIdle } from "./when-idle";

describe("useIdle", () => {
  it("is false on the first render and true once the browser has been idle", async () => {
    let runIdle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (task: () => void) => {
      runIdle = task;
      return 1;
    });
    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    expect(runIdle).toBeDefined();
    runIdle?.();
    await waitFor(() => expect(result.current).toBe(true));
  });

  it("without requestIdleCallback, turns true a moment later", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});
