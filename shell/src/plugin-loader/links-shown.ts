import { createContext, useContext } from 'react';

/**
 * Tells the shell that links came into view without a navigation or a scroll — the phone's
 * header menu opened: once the browser is idle it looks at them as it does after a
 * navigation (their plugins prefetched, their pages rendered ahead). Outside the shell's
 * router (a component test), nothing.
 */
export const LinksShownContext = createContext<() => void>(() => undefined);

/** The shell's "links came into view" signal ({@link LinksShownContext}). */
export function useLinksShown(): () => void {
  return useContext(LinksShownContext);
}
