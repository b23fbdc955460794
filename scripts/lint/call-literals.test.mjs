// One home per call: no endpoint path or permission code outside the contracts, no wire
// pattern defined twice (scripts/lint/call-literals.mjs says what counts).
import { describe, expect, it } from 'vitest';
import { findCallLiterals } from './call-literals.mjs';

describe('one home per call', () => {
  // It parses every source file: seconds on a busy machine.
  it('writes no path, permission code or wire pattern outside the contracts', { timeout: 60_000 }, () => {
    expect(findCallLiterals().map((problem) => `${problem.file}:${problem.line} ${problem.what}`)).toEqual([]);
  });
});
