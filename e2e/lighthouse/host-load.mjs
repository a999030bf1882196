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
