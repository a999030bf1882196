/**
 * How much of this machine's CPU went elsewhere while a page was measured (decision 0010's
 * limits): the share the hypervisor took for other guests (steal) and the share busy in any
 * process, from Linux's /proc/stat. A slow score beside a high steal is the host, not the page.
 */
import { readFileSync } from "node:fs";

/** The machine's CPU time counters since boot (in ticks), or null where /proc/stat is missing. */
export function cpuTimes() {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0];
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = user + nice + system + idle + iowait + irq + softirq + steal;
    return { total, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/** Steal and busy shares (0–1) between two readings of `cpuTimes`, or null without both. */
export function loadBetween(before, after) {
  if (!before || !after) return null;
  const total = after.total - before.total;
  if (total <= 0) return null;
  return {
    steal: (after.steal - before.steal) / total,
    busy: (total - (after.idle - before.idle)) / total,
  };
}

/**
 * Waits until the machine is quiet: its CPU under `maxBusy` busy over two windows of `windowMs`
 * in a row, or `maxWaitMs` passed. The gate measures a phone, so it starts on an idle machine,
 * not in the tail of an earlier step (a test database vacuumed, processes winding down).
 * Answers the seconds waited and the last busy share (null where /proc/stat is missing).
 */
export async function waitForQuietHost({ maxBusy = 0.15, windowMs = 2000, maxWaitMs = 90_000 } = {}) {
  const started = Date.now();
  let quietWindows = 0;
  let busy = null;
  while (Date.now() - started < maxWaitMs) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const load = loadBetween(before, cpuTimes());
    if (!load) return { seconds: 0, busy: null };
    busy = load.busy;
    quietWindows = busy < maxBusy ? quietWindows + 1 : 0;
    if (quietWindows >= 2) break;
  }
  return { seconds: Math.round((Date.now() - started) / 1000), busy };
}
