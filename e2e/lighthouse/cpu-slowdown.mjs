/**
 * The CPU slowdown of a Lighthouse run (issue 14). Lighthouse's simulated throttling multiplies
 * the host's main-thread time by a fixed factor, 4 by default, which its documentation says is
 * meant for a high-end desktop (a benchmark index of about 1,500–2,000; its slow-host warning
 * fires at 1,000, "about half our target device"), and tells you to adjust on another host. On
 * this machine kind the index moves between about 1,100 and 2,900 within hours, so the same build
 * emulated phones up to 2.6 times apart, and its score followed the host.
 */

/** Lighthouse's default CPU slowdown. */
export const DEFAULT_CPU_SLOWDOWN = 4;
/** The benchmark index of the machine Lighthouse's default is made for. */
export const REFERENCE_HOST_INDEX = 2000;
/** The phone that default emulates: the reference machine slowed down 4 times. */
export const EMULATED_PHONE_INDEX = REFERENCE_HOST_INDEX / DEFAULT_CPU_SLOWDOWN;

/**
 * The slowdown for a run whose host measured `benchmarkIndex`: `setting` when it is a number,
 * and when it is "calibrated" the host's index over the emulated phone's, so that every host
 * emulates the same phone: 4 at 2,000, 2.5 at 1,250, 5.6 at 2,800 (a fast host is slowed down
 * more than by default, a slow one less). Never below 1: a host slower than that phone is
 * measured as it is.
 */
export function cpuSlowdown(benchmarkIndex, setting) {
  if (setting !== "calibrated") return Number(setting);
  return Math.max(1, benchmarkIndex / EMULATED_PHONE_INDEX);
}
