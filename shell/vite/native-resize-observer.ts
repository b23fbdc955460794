/**
 * Stands in for `resize-observer-polyfill` (Arco's Trigger, Grid, Table… import it): every
 * browser the shell supports (ES2020) has `ResizeObserver`, which the package itself returns
 * when it exists — its polyfill was 2.5 KB gzip of the first load that never ran.
 */
export default globalThis.ResizeObserver;
