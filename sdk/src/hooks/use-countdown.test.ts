import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('counts down a second at a time from start() and stops at 0', () => {
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.remaining).toBe(0);
    act(() => result.current.start());
    expect(result.current.remaining).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(2);
    // One second per act: each tick's timer is set by the effect of the render before it.
    for (let i = 0; i < 5; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(0);
  });
});
