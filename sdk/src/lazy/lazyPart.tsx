import { Suspense, createContext, useContext, useMemo, useReducer, type ComponentType, type ReactNode } from 'react';

/**
 * What a `<LazySuspense>` gives the lazy parts under it: `watch(load)` renders the boundary
 * again (an ordinary update) once `load` settles; `settled` changes then, so that every part
 * under it renders again even where React would skip an unchanged one.
 */
interface LazyWatch {
  watch: (load: Promise<unknown>) => void;
  settled: number;
}
const LazyWatchContext = createContext<LazyWatch | null>(null);

/**
 * A `<Suspense>` for lazy parts (`lazyPart`, `lazyPage`): the fallback while a part's chunk
 * arrives, and the part as soon as it has arrived. Under a plain `<Suspense>`, React reveals
 * a boundary's content on a "retry", which it holds back until 300 ms after the last
 * fallback it showed (React's FALLBACK_THROTTLE_MS, so that spinners do not flicker): a page
 * whose chunk arrived in 20 ms was shown 300 ms after the click (issue 30, found on `/search`
 * and `/about`). Here the boundary renders again as an ordinary update when the load settles,
 * which React commits at once.
 */
export function LazySuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [settled, settle] = useReducer((count: number) => count + 1, 0);
  const watch = useMemo(() => {
    const watched = new WeakSet<Promise<unknown>>();
    return (load: Promise<unknown>) => {
      if (watched.has(load)) return;
      watched.add(load);
      load.then(settle, settle);
    };
  }, []);
  const value = useMemo(() => ({ watch, settled }), [watch, settled]);
  return (
    <LazyWatchContext.Provider value={value}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LazyWatchContext.Provider>
  );
}

/**
 * The lazy parts whose load failed: each entry forgets its part's failure. Kept until the
 * shell's 重试 calls `forgetFailedLazyParts`: a failure forgotten at once would have the next
 * render load again — React renders a second time after an error (and again when a load
 * settles), so an offline page would download in a loop instead of showing its 重试.
 */
const failedParts = new Set<() => void>();
/** The reasons lazy parts failed with, for `isLazyPartFailure`. */
const failures = new WeakSet<object>();

/**
 * A component whose module is loaded when it is first rendered (its chunk and the shared
 * modules it imports), like `React.lazy` — render it under a `<LazySuspense>` (or a
 * `<Suspense>`), which shows its fallback meanwhile. Unlike `React.lazy`, a failed load is not kept forever: the failure is
 * thrown to the page's error boundary (the shell's panel, 页面的一部分未能加载), and after
 * its 重试 the next render calls `load()` again. `load` may be called again after a failure
 * only; one successful load is kept for the life of the page.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, name = 'LazyPart'): ComponentType<P> {
  let attempt: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  let failed: { error: unknown } | undefined;

  const forget = () => {
    attempt = undefined;
    failed = undefined;
  };

  function start(): Promise<ComponentType<P>> {
    if (attempt) return attempt;
    let current: Promise<ComponentType<P>>;
    try {
      current = load();
    } catch (error) {
      current = Promise.reject(error);
    }
    attempt = current;
    current.then(
      (component) => {
        if (attempt === current) loaded = component;
      },
      (error: unknown) => {
        if (attempt !== current) return;
        failed = { error: markFailure(error) };
        failedParts.add(forget);
      },
    );
    return current;
  }

  function LazyPart(props: P) {
    const boundary = useContext(LazyWatchContext);
    if (failed) throw failed.error;
    // Suspends (the nearest `<Suspense>` shows its fallback) until the load settles; React
    // renders again then (at once under a `<LazySuspense>`, which is told). A thrown promise,
    // as `React.lazy` does: React 19's `use()` of a promise settled outside `act` never renders
    // again in component tests.
    if (!loaded) {
      const load = start();
      boundary?.watch(load);
      throw load;
    }
    const Component = loaded;
    return <Component {...props} />;
  }
  LazyPart.displayName = name;
  return LazyPart;
}

/** The error to throw for a failed part: an `Error` (a string reason wrapped), recorded. */
function markFailure(error: unknown): unknown {
  const marked = typeof error === 'object' && error !== null ? error : new Error(String(error));
  failures.add(marked);
  return marked;
}

/**
 * The shell's 重试 (before rendering the page again): every lazy part whose load failed loads
 * again at its next render.
 */
export function forgetFailedLazyParts(): void {
  const parts = [...failedParts];
  failedParts.clear();
  for (const forget of parts) forget();
}

/** Whether `error` is the reason a lazy part failed to load (its chunk, a shared module, a stylesheet). */
export function isLazyPartFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && failures.has(error);
}
