import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWTH_FLAG, limitHeapGrowth } from './index';

/**
 * A child process keeps ~100 MB alive, then makes short-lived batches that outlive a few
 * scavenges (as an export's rows do); prints its highest heap use in MB.
 */
const PROGRAM = `
const live = [];
for (let i = 0; i < 1e6; i++) live.push({ a: i, b: 'x' + i });
${'${SETUP}'}
const keep = [];
let peak = 0;
(async () => {
  for (let round = 0; round < 300; round++) {
    keep.push(Array.from({ length: 2000 }, (_, i) => ({ i, s: 'row' + i + round, t: [i, i + 1] })));
    if (keep.length > 3) keep.shift();
    await new Promise((resolve) => setImmediate(resolve));
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  console.log(Math.round(peak / 1048576), live.length);
})();
`;

function peakHeapMb(setup: string): number {
  const run = spawnSync(process.execPath, ['-e', PROGRAM.replace('${SETUP}', setup)], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.split(' ')[0]);
}

describe('limitHeapGrowth', () => {
  it('keeps a process with a large live heap from piling up dead batches', () => {
    // The flag set as the server sets it (limitHeapGrowth), after the live heap is built.
    const limited = peakHeapMb(`require('node:v8').setFlagsFromString(${JSON.stringify(HEAP_GROWTH_FLAG)});`);
    const unlimited = peakHeapMb('');
    // ~100 MB live: V8's own factor let the heap reach ~190 MB here, the flag ~130.
    expect(limited).toBeLessThan(unlimited - 20);
  });

  it('leaves an operator’s own --heap-growing-percent alone', () => {
    expect(limitHeapGrowth(['--heap-growing-percent=20'])).toBe(20);
    expect(limitHeapGrowth(['--heap-growing-percent'])).toBeNull();
  });
});
