import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How far (px) the section may sit from its place when a scroll ends before it is put back. */
const TOLERANCE_PX = 2;
/** Corrections after one navigation at most (a section near the page's end never reaches the top). */
const MAX_CORRECTIONS = 3;
/** What the visitor does to scroll themself: from then on the page leaves the scroll alone. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls smoothly to the element whose id is the location's hash, on mount and whenever
 * the hash (or the navigation, e.g. clicking the same anchor again) changes. The sections
 * carry `scroll-margin-top` for the fixed header.
 *
 * Content above the section can grow while the smooth scroll runs (the CMS board's banners
 * and news arrive after the page): the scroll then ends short of the section, and the browser's
 * scroll anchoring does not correct a scroll in progress. So when the scroll ends with the
 * section out of place, it is put in place at once — unless the visitor has scrolled,
 * touched or pressed a key meanwhile.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    const id = decodeHash(hash);
    if (!id) return;
    let visitorMoved = false;
    let corrections = 0;
    const onInput = () => {
      visitorMoved = true;
    };
    const onScrollEnd = () => {
      const target = document.getElementById(id);
      if (visitorMoved || !target || corrections >= MAX_CORRECTIONS) return;
      const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      if (Math.abs(target.getBoundingClientRect().top - margin) <= TOLERANCE_PX) return;
      corrections += 1;
      target.scrollIntoView?.({ behavior: 'instant', block: 'start' });
    };
    for (const type of VISITOR_INPUT) window.addEventListener(type, onInput, { passive: true, capture: true });
    window.addEventListener('scrollend', onScrollEnd);
    // Wait a frame so the section is laid out before scrolling to it.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (target && typeof target.scrollIntoView === 'function') {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const type of VISITOR_INPUT) window.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener('scrollend', onScrollEnd);
    };
  }, [hash, key]);
}

function decodeHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
