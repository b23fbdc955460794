import { useSyncExternalStore } from 'react';

/** The public pages' phone breakpoint (the layout's `@media (max-width: 767px)`). */
export const PHONE_MEDIA_QUERY = '(max-width: 767px)';

function phoneQuery(): MediaQueryList | null {
  // Without matchMedia (an old browser, jsdom) the page keeps its desktop form.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_MEDIA_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isPhone = () => phoneQuery()?.matches ?? false;

/** Whether the window is phone-wide (below 768 px); follows resizes and rotations. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
