import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the JavaScript heap grow past what the last full collection kept before it
 * collects again: 50 % (V8 otherwise grows it by up to 4×). A server's live heap is about
 * 110 MB; with V8's own factor a long export (1,000,000 log rows) left 250–330 MB of dead rows
 * and the buffers they held before the next full collection, and the process grew by as much.
 * With 50 % it grows by ~65 MB, at about one full collection (~10 ms, mostly concurrent) every
 * few seconds while rows stream (docs/performance-log.md, 2026-11-30).
 */
export const HEAP_GROWING_PERCENT = 50;

/** The option that sets it, as given on node's command line. */
const OPTION = '--heap-growing-percent';

/** The V8 flag {@link limitHeapGrowth} sets. */
export const HEAP_GROWTH_FLAG = `${OPTION}=${HEAP_GROWING_PERCENT}`;

/**
 * Sets {@link HEAP_GROWING_PERCENT} for this process, unless node was started with its own
 * `--heap-growing-percent` (an operator's choice wins). Answers the percent in force, or null
 * when node's own applies. Call it first: it holds from the next collection on.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): number | null {
  const given = execArgv.find((arg) => arg === OPTION || arg.startsWith(`${OPTION}=`));
  if (given) {
    const value = Number(given.split('=')[1]);
    return Number.isFinite(value) ? value : null;
  }
  setFlagsFromString(HEAP_GROWTH_FLAG);
  return HEAP_GROWING_PERCENT;
}
