// One home per call: no endpoint path or permission code outside the contracts, no wire
// pattern defined twice (scripts/lint/call-literals.mjs says what counts).
//
// TRANSITIONAL (issue 29): call-literals.baseline.json counts, per file, what is left while
// the modules move to declared calls. A file may not gain any, and its count must be lowered
// when some go (`node scripts/lint/call-literals.mjs --baseline` rewrites it); the file and
// this baseline go once it is empty.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findCallLiterals } from './call-literals.mjs';

/** @type {Record<string, number>} */
const baseline = JSON.parse(readFileSync(new URL('./call-literals.baseline.json', import.meta.url), 'utf8'));

describe('one home per call', () => {
  const problems = findCallLiterals();

  it('writes no path, permission code or wire pattern outside the contracts (beyond the baseline)', () => {
    /** @type {Record<string, number>} */
    const counts = {};
    for (const problem of problems) counts[problem.file] = (counts[problem.file] ?? 0) + 1;
    const over = problems.filter((problem) => counts[problem.file] > (baseline[problem.file] ?? 0));
    expect(over.map((problem) => `${problem.file}:${problem.line} ${problem.what}`)).toEqual([]);
    const stale = Object.entries(baseline)
      .filter(([file, count]) => (counts[file] ?? 0) < count)
      .map(([file, count]) => `${file}: ${counts[file] ?? 0} left, baseline ${count}`);
    expect(stale, 'lower the baseline: node scripts/lint/call-literals.mjs --baseline').toEqual([]);
  });
});
