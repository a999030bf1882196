#!/usr/bin/env node
/**
 * What a Lighthouse run's main thread did: every task of the page's main thread longer than
 * TASKS_MIN_MS (default 5) as observed, its time after the navigation began, its length, that
 * length times the run's CPU slowdown (what Lighthouse's simulation charges for it), and what
 * filled it (script by file, style, layout, paint, parsing). Reads a run kept by
 * `LIGHTHOUSE_REPORTS=<folder> npm run lighthouse`:
 *
 *   node e2e/lighthouse/tasks.mjs /tmp/lh/product-1      (product-1.trace.json and product-1.json)
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** The longest kinds of work inside a task, as "kind file" → observed milliseconds. */
function kindOf(event) {
  const data = event.args?.data ?? {};
  const file = (data.url || data.stackTrace?.[0]?.url || "").split("/").pop();
  switch (event.name) {
    case "EvaluateScript":
    case "v8.compile":
    case "v8.compileModule":
    case "v8.evaluateModule":
    case "FunctionCall":
      // TASKS_WHERE=1: the function's place in its file (line from 1, column from 0) for a source map.
      return `script ${file || data.functionName || "?"}${process.env.TASKS_WHERE && file ? `@${data.lineNumber}:${data.columnNumber}` : ""}`;
    case "TimerFire":
      // Its callback's FunctionCall inside says whose timer it was.
      return undefined;
    case "FireAnimationFrame":
    case "FireIdleCallback":
    case "EventDispatch":
      return `${event.name}${data.type ? ` ${data.type}` : ""}`;
    case "UpdateLayoutTree":
    case "Layout":
    case "Paint":
    case "ParseHTML":
    case "ParseAuthorStyleSheet":
    case "PrePaint":
    case "Layerize":
    case "MajorGC":
    case "MinorGC":
    case "V8.GC_SCAVENGER":
    case "BlinkGC.AtomicPhase":
      return event.name;
    default:
      return undefined;
  }
}

export function mainThreadTasks(traceEvents, minMs = 5) {
  const byThread = new Map();
  for (const e of traceEvents) {
    if (e.ph !== "X" || e.name !== "RunTask") continue;
    const key = `${e.pid}:${e.tid}`;
    byThread.set(key, (byThread.get(key) ?? 0) + e.dur);
  }
  const names = new Map(
    traceEvents.filter((e) => e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
  );
  const [mainKey] = [...byThread.entries()]
    .filter(([key]) => names.get(key) === "CrRendererMain")
    .sort((a, b) => b[1] - a[1])[0];
  const onMain = traceEvents.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === "X");
  const navigation = traceEvents
    .filter((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && `${e.pid}:${e.tid}` === mainKey)
    .sort((a, b) => a.ts - b.ts)[0];
  const origin = navigation?.ts ?? Math.min(...onMain.map((e) => e.ts));
  const marks = {};
  for (const e of traceEvents) {
    if (`${e.pid}:${e.tid}` !== mainKey || e.ts < origin) continue;
    if (["firstContentfulPaint", "largestContentfulPaint::Candidate"].includes(e.name))
      marks[e.name] = Math.round((e.ts - origin) / 1000);
  }
  const tasks = onMain
    .filter((e) => e.name === "RunTask" && e.dur >= minMs * 1000 && e.ts >= origin)
    .map((task) => {
      const end = task.ts + task.dur;
      const parts = new Map();
      // Children nest; count each kind once at its outermost appearance inside the task.
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
      const counted = [];
      for (const e of inside.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
        const kind = kindOf(e);
        if (!kind) continue;
        if (counted.some((c) => e.ts >= c.ts && e.ts + e.dur <= c.ts + c.dur)) continue;
        counted.push(e);
        parts.set(kind, (parts.get(kind) ?? 0) + e.dur / 1000);
      }
      return {
        start: Math.round((task.ts - origin) / 1000),
        ms: task.dur / 1000,
        parts: [...parts.entries()].sort((a, b) => b[1] - a[1]),
      };
    });
  return { tasks, marks };
}

async function main() {
  const base = process.argv[2];
  if (!base) throw new Error("usage: node e2e/lighthouse/tasks.mjs <folder>/<page>-<n>");
  const minMs = Number(process.env.TASKS_MIN_MS ?? 5);
  const trace = JSON.parse(readFileSync(`${base}.trace.json`, "utf8"));
  let slowdown = 1;
  try {
    const lhr = JSON.parse(readFileSync(`${base}.json`, "utf8"));
    slowdown = lhr.configSettings.throttling.cpuSlowdownMultiplier;
    console.log(
      `${path.basename(base)}: performance ${Math.round(lhr.categories.performance.score * 100)}, TBT ${Math.round(lhr.audits["total-blocking-time"].numericValue)} ms, host ${Math.round(lhr.environment.benchmarkIndex)}, slowdown ${slowdown.toFixed(1)}×`,
    );
  } catch {}
  const { tasks, marks } = mainThreadTasks(trace.traceEvents ?? trace, minMs);
  console.log(
    `observed: ${Object.entries(marks)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(", ")}`,
  );
  console.log("  start     ms  ×slow  made of");
  for (const t of tasks) {
    const parts = t.parts
      .slice(0, 4)
      .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
      .join(", ");
    console.log(
      `${String(t.start).padStart(7)} ${t.ms.toFixed(1).padStart(6)} ${(t.ms * slowdown).toFixed(0).padStart(6)}  ${parts}`,
    );
  }
  const blocking = (list) => Math.round(list.reduce((sum, t) => sum + Math.max(0, t.ms * slowdown - 50), 0));
  const fcp = marks.firstContentfulPaint ?? 0;
  console.log(
    `once slowed down, past 50 ms: ${blocking(tasks)} ms in all, ${blocking(tasks.filter((t) => t.start >= fcp))} ms from the observed FCP on`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
