import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANCHOR_SETTLE_MS, NAV_OFFSET, scrollToAnchor } from './nav';

// jsdom lays nothing out: the section's position and the page's growth are played by hand.
let sectionTop = 1000;
let resized: (() => void) | undefined;
let scrollTo: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  sectionTop = 1000;
  resized = undefined;
  document.body.innerHTML = '<section id="logistics"></section>';
  document.getElementById('logistics')!.getBoundingClientRect = () => ({ top: sectionTop }) as DOMRect;
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe() {}
      disconnect() {
        resized = undefined;
      }
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('scrollToAnchor', () => {
  it('answers false when the page has no such section', () => {
    expect(scrollToAnchor('nowhere')).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('follows the section while the page above it grows, then lets go', () => {
    expect(scrollToAnchor('logistics')).toBe(true);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1000 - NAV_OFFSET, behavior: 'smooth' });

    // A picture above loads: the section is now 21 px lower than where the scroll put it.
    sectionTop = NAV_OFFSET + 21;
    resized!();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 21, behavior: 'auto' });

    vi.advanceTimersByTime(ANCHOR_SETTLE_MS);
    expect(resized).toBeUndefined();
  });

  it('stops following as soon as the visitor scrolls by themselves', () => {
    scrollToAnchor('logistics');
    window.dispatchEvent(new Event('wheel'));
    expect(resized).toBeUndefined();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
