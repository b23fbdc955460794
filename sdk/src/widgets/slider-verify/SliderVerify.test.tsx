import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { loginCalls } from '../../calls';
import { ApiError } from '../../request/api-error';
import { request } from '../../request/client';
import { SLIDER_TEXTS, SliderVerify } from './SliderVerify';

let post: MockInstance<typeof request.call>;
let verifyAnswer: () => Promise<unknown>;

beforeEach(() => {
  verifyAnswer = async () => ({ proof: 'proof-1' });
  post = vi.spyOn(request, 'call').mockImplementation((async (call: unknown) => {
    if (call === loginCalls.sliderChallenge) return { challengeId: 'c1', expiresIn: 120 };
    if (call === loginCalls.sliderVerify) return verifyAnswer();
    throw new Error('unexpected call');
  }) as typeof request.call);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const handle = () => screen.getByRole('slider', { name: '滑块验证' });
const label = () => screen.getByTestId('slider-verify-label').textContent;

/**
 * Presses at x=10, moves to each `steps` offset a frame apart (`frameMs`, 16 by default; the
 * clock is the widget's `performance.now`), releases at the last one.
 */
function dragBy(steps: number[], { frameMs = 16, pointerType = 'mouse' } = {}) {
  const start = 10;
  let elapsed = 0;
  const origin = performance.now();
  vi.spyOn(performance, 'now').mockImplementation(() => origin + elapsed);
  fireEvent.pointerDown(handle(), { pointerId: 1, pointerType, button: 0, clientX: start });
  for (const dx of steps) {
    elapsed += frameMs;
    fireEvent.pointerMove(handle(), { pointerId: 1, pointerType, clientX: start + dx });
  }
  elapsed += frameMs;
  fireEvent.pointerUp(handle(), { pointerId: 1, pointerType, clientX: start + steps[steps.length - 1] });
}

/**
 * What Chromium draws inside the border (clientWidth; jsdom lays out nothing) for the login's
 * 340 px slider and the registration status query's 420 px one (max-width: 100 %), by the
 * window's width — measured in tests/e2e at each width.
 */
const DRAWN: Array<[number, string, number, number]> = [
  [320, 'login', 340, 208],
  [320, 'status query', 420, 280],
  [360, 'login', 340, 248],
  [360, 'status query', 420, 320],
  [414, 'login', 340, 302],
  [414, 'status query', 420, 374],
  [1366, 'login', 340, 340],
  [1366, 'status query', 420, 420],
];

function drawAt(clientWidth: number) {
  Object.defineProperty(screen.getByTestId('slider-verify'), 'clientWidth', { value: clientWidth, configurable: true });
}

/** A finger's uneven steps to `distance` px: slow, fast, slow. */
function fingerSteps(distance: number): number[] {
  const shares = [2, 5, 9, 13, 15, 14, 12, 10, 8, 6, 4, 2];
  const total = shares.reduce((sum, share) => sum + share, 0);
  let done = 0;
  return shares.map((share) => Math.round(((done += share) / total) * distance));
}

/** A ResizeObserver whose callbacks the test calls: `resize()` tells every observer a change. */
function observeResizes() {
  const callbacks = new Set<() => void>();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      readonly callback: () => void;
      constructor(callback: () => void) {
        this.callback = callback;
      }
      observe() {
        callbacks.add(this.callback);
      }
      unobserve() {}
      disconnect() {
        callbacks.delete(this.callback);
      }
    },
  );
  return { resize: () => act(() => callbacks.forEach((callback) => callback())) };
}

/**
 * The widget's clock and animation frames under the test's hand: `frames` runs the frames
 * the widget asks for, `frameMs` apart, until it asks for none.
 */
function frameClock() {
  let elapsed = 0;
  const origin = performance.now();
  vi.spyOn(performance, 'now').mockImplementation(() => origin + elapsed);
  let queued: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    queued.push(callback);
    return queued.length;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {
    queued = [];
  });
  return {
    pass(ms: number) {
      elapsed += ms;
    },
    frames(frameMs = 16) {
      let count = 0;
      while (queued.length > 0 && count < 1000) {
        elapsed += frameMs;
        const run = queued;
        queued = [];
        act(() => run.forEach((callback) => callback(origin + elapsed)));
        count += 1;
      }
      return count;
    },
  };
}

/**
 * The server's rules for a track (server/src/modules/auth/slider.ts, docs/auth.md "Login
 * calls") that the widget's own sampling decides: enough points, each at a later
 * millisecond, no step over half the width, ending at the end, crossing in 150 ms or more.
 */
function expectServerShape(track: Array<[number, number]>, travel: number) {
  expect(track.length).toBeGreaterThanOrEqual(8);
  expect(track[0]).toEqual([0, 0]);
  expect(track.at(-1)?.[0]).toBe(travel);
  for (let index = 1; index < track.length; index += 1) {
    expect(track[index][1]).toBeGreaterThan(track[index - 1][1]);
    expect(Math.abs(track[index][0] - track[index - 1][0])).toBeLessThanOrEqual(travel / 2);
    expect(track[index][0]).toBeGreaterThanOrEqual(track[index - 1][0]);
  }
  const leftStart = Math.max(...track.filter(([x]) => x <= 4).map(([, t]) => t));
  const arrived = Math.min(...track.filter(([x]) => x >= travel - 4).map(([, t]) => t));
  expect(arrived - leftStart).toBeGreaterThanOrEqual(150);
  expect(track.at(-1)![1]).toBeGreaterThanOrEqual(250);
}

/** The track the widget posted. */
function postedTrack() {
  const verifyCall = post.mock.calls.find(([call]) => call === loginCalls.sliderVerify);
  return verifyCall?.[1] as { challengeId: string; width: number; track: Array<[number, number]> };
}

describe('SliderVerify', () => {
  it('starts idle at 0', () => {
    render(<SliderVerify />);
    expect(label()).toBe(SLIDER_TEXTS.idle);
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('slider-verify')).toHaveAttribute('data-state', 'idle');
  });

  it('fetches a challenge on press, posts the track at the end and hands over the proof', async () => {
    const onChange = vi.fn();
    render(<SliderVerify onChange={onChange} width={340} />);
    dragBy([40, 120, 200, 260, 300]);
    await waitFor(() => expect(label()).toBe('验证通过'));
    expect(onChange).toHaveBeenCalledWith('proof-1');
    expect(post).toHaveBeenCalledWith(loginCalls.sliderChallenge, {});
    const body = postedTrack();
    expect(body.challengeId).toBe('c1');
    expect(body.width).toBe(300);
    expect(body.track[0]).toEqual([0, 0]);
    expect(body.track.map(([x]) => x)).toEqual([0, 40, 120, 200, 260, 300]);
    expect(body.track.every(([, t]) => Number.isInteger(t) && t >= 0)).toBe(true);
    expect(handle()).toHaveAttribute('aria-valuenow', '100');
    // Locked: a new press does nothing.
    fireEvent.pointerDown(handle(), { pointerId: 2, pointerType: 'mouse', button: 0, clientX: 0 });
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('reaches its end where it is drawn: the login’s 340 px slider on a 320 px phone is 208 px inside', async () => {
    const onChange = vi.fn();
    render(<SliderVerify onChange={onChange} />);
    // What Chromium lays out at 320 px (max-width: 100%); jsdom lays out nothing.
    Object.defineProperty(screen.getByTestId('slider-verify'), 'clientWidth', { value: 208 });
    dragBy([20, 60, 110, 150, 168], { pointerType: 'touch' });
    await waitFor(() => expect(label()).toBe('验证通过'));
    expect(onChange).toHaveBeenCalledWith('proof-1');
    expect(postedTrack().width).toBe(168);
    expect(postedTrack().track.at(-1)?.[0]).toBe(168);
    expect(handle()).toHaveAttribute('aria-valuenow', '100');
  });

  it('samples at most once a millisecond: a later event of the same millisecond replaces the sample', async () => {
    render(<SliderVerify />);
    // Two events per millisecond, as a fast pointer can deliver them.
    dragBy([30, 50, 90, 120, 170, 200, 250, 280, 300], { frameMs: 0.5 });
    await waitFor(() => expect(label()).toBe('验证通过'));
    const { track } = postedTrack();
    expect(track.every(([, t], index) => index === 0 || t > track[index - 1][1])).toBe(true);
    expect(track[0]).toEqual([0, 0]);
    expect(track.at(-1)?.[0]).toBe(300);
  });

  it('goes back to the start when released early', () => {
    const onChange = vi.fn();
    render(<SliderVerify onChange={onChange} />);
    dragBy([50, 120]);
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
    expect(label()).toBe(SLIDER_TEXTS.idle);
    expect(post.mock.calls.some(([call]) => call === loginCalls.sliderVerify)).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows 验证失败，请重试 when the server refuses the track, then resets', async () => {
    verifyAnswer = async () => {
      throw new ApiError('1003', '滑块验证已失效，请重新验证');
    };
    const onChange = vi.fn();
    render(<SliderVerify onChange={onChange} />);
    dragBy([100, 200, 300]);
    await waitFor(() => expect(label()).toBe('验证失败，请重试'));
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(label()).toBe(SLIDER_TEXTS.idle), { timeout: 3000 });
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
  });

  it('resets quietly when resetKey changes (the caller drops its proof)', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<SliderVerify onChange={onChange} resetKey={0} />);
    dragBy([150, 300]);
    await waitFor(() => expect(label()).toBe('验证通过'));
    act(() => rerender(<SliderVerify onChange={onChange} resetKey={1} />));
    expect(label()).toBe(SLIDER_TEXTS.idle);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
  });

  it('is idle when a flushSync that bumps resetKey returns, so the next press starts a drag', async () => {
    // What a login form does after a failed try: the next drag's pointer events may come
    // right after; a reset still pending then ignored the press (phase 'success') or undid the drag.
    let seen = '';
    function Caller() {
      const [key, setKey] = useState(0);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              flushSync(() => setKey((value) => value + 1));
              seen = label() ?? '';
            }}
          >
            again
          </button>
          <SliderVerify resetKey={key} />
        </>
      );
    }
    render(<Caller />);
    dragBy([150, 300]);
    await waitFor(() => expect(label()).toBe('验证通过'));
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(seen).toBe(SLIDER_TEXTS.idle);
  });

  describe.each(DRAWN)('at %i px, the %s’s %i px slider (%i px inside)', (_viewport, _name, width, drawn) => {
    const travel = drawn - 40;

    it('passes a finger’s drag to the end (and a little past it)', async () => {
      const onChange = vi.fn();
      render(<SliderVerify onChange={onChange} width={width} />);
      drawAt(drawn);
      dragBy(fingerSteps(Math.round(travel * 1.05)), { pointerType: 'touch' });
      await waitFor(() => expect(label()).toBe('验证通过'));
      expect(onChange).toHaveBeenCalledWith('proof-1');
      expect(postedTrack().width).toBe(travel);
      expect(postedTrack().track.at(-1)?.[0]).toBe(travel);
      expect(handle()).toHaveAttribute('aria-valuenow', '100');
      expect(handle().style.transform).toBe(`translateX(${travel}px)`);
    });

    it('does not pass a drag released short of the end', () => {
      const onChange = vi.fn();
      render(<SliderVerify onChange={onChange} width={width} />);
      drawAt(drawn);
      dragBy(fingerSteps(travel - 10), { pointerType: 'touch' });
      expect(label()).toBe(SLIDER_TEXTS.idle);
      expect(handle()).toHaveAttribute('aria-valuenow', '0');
      expect(post.mock.calls.some(([call]) => call === loginCalls.sliderVerify)).toBe(false);
      expect(onChange).not.toHaveBeenCalled();
    });

    it('passes by keyboard: Tab to the handle, End', async () => {
      const onChange = vi.fn();
      render(
        <>
          <input aria-label="before" />
          <SliderVerify onChange={onChange} width={width} />
        </>,
      );
      drawAt(drawn);
      const user = userEvent.setup();
      screen.getByLabelText('before').focus();
      await user.tab();
      expect(handle()).toHaveFocus();
      const clock = frameClock();
      fireEvent.keyDown(handle(), { key: 'End' });
      expect(clock.frames()).toBeGreaterThanOrEqual(8);
      await waitFor(() => expect(label()).toBe('验证通过'));
      expect(onChange).toHaveBeenCalledWith('proof-1');
      expect(postedTrack().width).toBe(travel);
      expectServerShape(postedTrack().track, travel);
    });
  });

  it('is a slider named 滑块验证, in the tab order, told how the keyboard works', () => {
    render(<SliderVerify />);
    expect(handle()).toHaveAttribute('tabindex', '0');
    expect(handle()).toHaveAccessibleDescription(SLIDER_TEXTS.keyboard);
  });

  it('passes by arrow keys, a fifth of the way a press, at a 30 fps phone’s pace', async () => {
    render(<SliderVerify width={340} />);
    drawAt(248);
    const clock = frameClock();
    for (let press = 0; press < 5; press += 1) {
      fireEvent.keyDown(handle(), { key: 'ArrowRight' });
      clock.frames(33);
      clock.pass(120);
    }
    await waitFor(() => expect(label()).toBe('验证通过'));
    expectServerShape(postedTrack().track, 208);
  });

  it('keeps each step small when frames come late (a busy phone): the glide just takes longer', async () => {
    render(<SliderVerify width={340} />);
    drawAt(208);
    const clock = frameClock();
    fireEvent.keyDown(handle(), { key: 'End' });
    clock.frames(400);
    await waitFor(() => expect(label()).toBe('验证通过'));
    expectServerShape(postedTrack().track, 168);
  });

  it('goes back to the start on ← (a new attempt: the server refuses a track going back)', () => {
    render(<SliderVerify width={340} />);
    drawAt(340);
    const clock = frameClock();
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    clock.frames();
    expect(handle()).toHaveAttribute('aria-valuenow', '20');
    expect(label()).toBe(SLIDER_TEXTS.keyboard);
    fireEvent.keyDown(handle(), { key: 'ArrowLeft' });
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('slider-verify')).toHaveAttribute('data-state', 'idle');
    expect(post.mock.calls.some(([call]) => call === loginCalls.sliderVerify)).toBe(false);
  });

  it('keeps its end where it is drawn when its size changes (a phone turned)', async () => {
    const observer = observeResizes();
    render(<SliderVerify width={340} />);
    drawAt(248);
    dragBy(fingerSteps(215), { pointerType: 'touch' });
    await waitFor(() => expect(label()).toBe('验证通过'));
    expect(handle().style.transform).toBe('translateX(208px)');
    // Turned to landscape: the slider is drawn at its full 340.
    drawAt(340);
    observer.resize();
    expect(handle().style.transform).toBe('translateX(300px)');
    expect(handle()).toHaveAttribute('aria-valuenow', '100');
  });

  it('starts a drag over when the slider’s size changes under it, its end having moved', () => {
    const observer = observeResizes();
    render(<SliderVerify width={340} />);
    drawAt(340);
    fireEvent.pointerDown(handle(), { pointerId: 1, pointerType: 'touch', button: 0, clientX: 10 });
    fireEvent.pointerMove(handle(), { pointerId: 1, pointerType: 'touch', clientX: 150 });
    drawAt(248);
    observer.resize();
    expect(screen.getByTestId('slider-verify')).toHaveAttribute('data-state', 'idle');
    expect(handle()).toHaveAttribute('aria-valuenow', '0');
    fireEvent.pointerUp(handle(), { pointerId: 1, pointerType: 'touch', clientX: 400 });
    expect(post.mock.calls.some(([call]) => call === loginCalls.sliderVerify)).toBe(false);
  });
});
