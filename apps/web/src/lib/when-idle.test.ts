import { act, renderHook, waitFor } from "@testing-library/react";
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

  it("gives each waiting component an idle period of its own, in the order they mounted", async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => {
      idle.push(task);
      return idle.length;
    });
    const first = renderHook(() => useIdle());
    const second = renderHook(() => useIdle());
    const gone = renderHook(() => useIdle());
    const third = renderHook(() => useIdle());
    // One unmounted before its turn is taken out of the line.
    gone.unmount();
    expect(idle).toHaveLength(1);

    act(() => idle.shift()?.());
    expect(first.result.current).toBe(true);
    expect(second.result.current).toBe(false);
    expect(idle).toHaveLength(1);

    act(() => idle.shift()?.());
    expect(second.result.current).toBe(true);
    expect(third.result.current).toBe(false);

    act(() => idle.shift()?.());
    expect(third.result.current).toBe(true);
    // Nobody left waiting: no idle period asked for.
    expect(idle).toHaveLength(0);
  });
});
