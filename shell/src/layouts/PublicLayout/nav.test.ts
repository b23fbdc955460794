import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANCHOR_SETTLE_MS, NAV_OFFSET, activeNavKey, scrollToAnchor } from './nav';

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

describe('activeNavKey on the home page (scroll-spy)', () => {
  const items = [
    { key: 'home', path: '/home' },
    { key: 'trading', path: '/home#trading' },
    { key: 'logistics', path: '/home#logistics' },
    { key: 'receipt', path: '/home#receipt' },
  ];
  // Section tops relative to the window, and the page's scroll position and height, by hand.
  const tops: Record<string, number> = {};
  let scrollY = 0;

  beforeEach(() => {
    document.body.innerHTML =
      '<section id="trading"></section><section id="logistics"></section><section id="receipt"></section>';
    for (const id of ['trading', 'logistics', 'receipt']) {
      document.getElementById(id)!.getBoundingClientRect = () => ({ top: tops[id] - scrollY }) as DOMRect;
    }
    Object.assign(tops, { trading: 600, logistics: 1400, receipt: 2200 });
    scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(900);
    // The last section is short: the page ends 500 px below its top, so it never reaches the header.
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(2700);
  });

  it('follows the sections that reached the header while scrolling', () => {
    expect(activeNavKey(items, '/home')).toBe('home');
    scrollY = 600 - NAV_OFFSET;
    expect(activeNavKey(items, '/home')).toBe('trading');
    scrollY = 1500;
    expect(activeNavKey(items, '/home')).toBe('logistics');
  });

  it('makes the last item active once the page is scrolled to its end', () => {
    scrollY = 2700 - 900 - 10;
    expect(activeNavKey(items, '/home')).toBe('logistics');
    scrollY = 2700 - 900;
    expect(activeNavKey(items, '/home')).toBe('receipt');
  });

  it('leaves other pages to their route', () => {
    scrollY = 2700 - 900;
    expect(activeNavKey([...items, { key: 'bid', path: '/bid' }], '/bid/detail')).toBe('bid');
  });
});
