import { createContext } from 'react';

/**
 * A page the shell renders ahead of a visit (issue 30): a public page a link on the current
 * page leads to, rendered in a hidden `<Activity>` so that a click on the link shows it at
 * once. One object per pre-rendered page, kept by the shell for the page's life.
 */
export interface Prerender {
  /**
   * True while the page is hidden (rendered ahead); the shell sets it false in the render
   * that shows the page. Read during render: a query started while it is true keeps its
   * answer for the page's first frame.
   */
  hidden: boolean;
  /**
   * How old (ms, by `now`) an answer loaded ahead may be when the page is shown; an older one
   * is loaded again (its rows stay on screen, marked loading).
   */
  maxAgeMs: number;
  /** The clock `maxAgeMs` is measured by (milliseconds). */
  now(): number;
  /** Told of each load started for the hidden page, so the shell knows when it has its rows. */
  track(load: Promise<unknown>): void;
}

/** Set by the shell around a page it renders ahead; `null` (the default) for every other render. */
export const PrerenderContext = createContext<Prerender | null>(null);
