import { describe, expect, it } from "vitest";
import { mainThreadTasks } from "./tasks.mjs";

const main = { pid: 1, tid: 1 };
const other = { pid: 2, tid: 2 };
const names = [
  { ...main, name: "thread_name", ph: "M", args: { name: "CrRendererMain" } },
  { ...other, name: "thread_name", ph: "M", args: { name: "CrRendererMain" } },
];
const task = (where, ts, dur) => ({ ...where, name: "RunTask", ph: "X", ts, dur });

describe("mainThreadTasks", () => {
  it("lists the busiest renderer's tasks from the navigation on, with what filled them", () => {
    const trace = [
      ...names,
      { ...main, name: "navigationStart", ph: "R", ts: 1_000, args: { data: { isLoadingMainFrame: true } } },
      { ...main, name: "firstContentfulPaint", ph: "R", ts: 201_000 },
      task(main, 500, 9_000), // before the navigation
      task(main, 11_000, 20_000),
      { ...main, name: "Layout", ph: "X", ts: 12_000, dur: 8_000 },
      { ...main, name: "FunctionCall", ph: "X", ts: 21_000, dur: 6_000, args: { data: { url: "http://x/a/app.js" } } },
      // Nested inside the call: counted once, as the call's.
      { ...main, name: "FunctionCall", ph: "X", ts: 22_000, dur: 2_000, args: { data: { url: "http://x/a/app.js" } } },
      task(main, 40_000, 3_000), // too short
      task(other, 41_000, 2_000), // a quieter renderer
    ];
    const { tasks, marks } = mainThreadTasks(trace, 5);
    expect(marks).toEqual({ firstContentfulPaint: 200 });
    expect(tasks).toEqual([
      {
        start: 10,
        ms: 20,
        parts: [
          ["Layout", 8],
          ["script app.js", 6],
        ],
      },
    ]);
  });
});
