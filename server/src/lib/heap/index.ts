import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the JavaScript heap grow past what the last full collection kept before it
 * collects again, while an export streams: 50 % (V8's own factor grows it up to 4×). A
 * server's live heap is about 110 MB; with V8's factor a 1,000,000-row log export left
 * 160–250 MB of dead rows, and the buffers they held, before the next full collection, and
 * the process grew by as much; with 50 % while it streams, by 2–60 MB. Only while an export
 * runs: the same limit held for good cost the list calls up to 40 % more CPU (more full
 * collections), so V8's own factor is back once no export is under way
 * (docs/performance-log.md, 2026-11-30).
 */
export const HEAP_GROWING_PERCENT = 50;

/** The option that sets it, as given on node's command line. */
const OPTION = '--heap-growing-percent';

/** The V8 flag set while an export runs. */
const HEAP_GROWTH_FLAG = `${OPTION}=${HEAP_GROWING_PERCENT}`;

/** Exports under way in this process. */
let running = 0;

/** Whether node was started with its own `--heap-growing-percent` (an operator's choice wins). */
export function heapGrowthGiven(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => arg === OPTION || arg.startsWith(`${OPTION}=`));
}

/**
 * Runs `work` (an export) with the heap's growth held to {@link HEAP_GROWING_PERCENT}; V8's
 * own factor comes back when the last such work in the process ends. It holds from the next
 * collection on: it steers when V8 collects, never what.
 */
export async function withHeapGrowthLimited<T>(work: () => Promise<T>): Promise<T> {
  if (heapGrowthGiven()) return work();
  if (running++ === 0) setFlagsFromString(HEAP_GROWTH_FLAG);
  try {
    return await work();
  } finally {
    // 0: V8 chooses the factor again.
    if (--running === 0) setFlagsFromString(`${OPTION}=0`);
  }
}
