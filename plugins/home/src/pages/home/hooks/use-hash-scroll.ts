import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls smoothly to the element whose id is the location's hash, on mount and whenever
 * the hash (or the navigation, e.g. clicking the same anchor again) changes. The sections
 * carry `scroll-margin-top` for the fixed header.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    const id = decodeHash(hash);
    if (!id) return;
    // Wait a frame so the section is laid out before scrolling to it.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (target && typeof target.scrollIntoView === 'function') {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    });
    return () => cancelAnimationFrame(frame);
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
