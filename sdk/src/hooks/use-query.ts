import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { PrerenderContext } from './prerender';
import { toApiError } from '../request/api-error';
import type { ApiError } from '../request/api-error';

export interface QueryOptions {
  /** Do not show failures as an Arco message; the caller renders `error` itself. */
  silent?: boolean;
  /**
   * Shown instead of the server's message when it refuses the request as invalid (code
   * '400'). The server's message names wire fields for API users; a public page shows its
   * own words (e.g. 筛选条件无效，已恢复默认). Its URL values are checked before requesting,
   * so this is the last line.
   */
  badRequestMessage?: string;
}

export interface QueryResult<T> {
  /**
   * The last successful result. Kept while a new load runs (no flashing between pages);
   * `undefined` before the first result and after a failure.
   */
  data: T | undefined;
  loading: boolean;
  error: ApiError | null;
  /** Runs `load` again with the same deps. */
  reload: () => void;
}

interface State<T> {
  data: T | undefined;
  loading: boolean;
  error: ApiError | null;
  /** The deps (and reload count) of the load this state belongs to. */
  key: readonly unknown[];
  /**
   * Set on the answer to a load started while the page was rendered ahead, hidden: when it
   * came (by the pre-render's clock). The page's first effect decides whether it is fresh.
   */
  at?: number;
}

/** `a` and `b` hold the same values in order (`Object.is`, as React compares deps). */
function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/**
 * Runs `load` on mount and whenever `deps` change. The first load starts with the first
 * render, not after the page has been committed and painted: a page opened by a click asks
 * the server while React is still drawing it, so the answer is often back by the time the
 * page is on screen (the first request of `/warehouse` left ~70 ms after the click when
 * it waited for the effect). `load` must only read (it may run for a render React throws
 * away). Only the latest call's answer is kept:
 * a slow answer to an older call is dropped. A failure shows `Message.error(message)`
 * unless the request layer already told the user (`error.handled`) or `silent` is set; a
 * '400' shows `badRequestMessage` instead when given.
 *
 * In a page the shell renders ahead, hidden (`PrerenderContext`, issue 30), effects do not
 * run until the page is shown: the first load's answer is put into the state as it comes
 * (silently, a failure too), so the hidden page is drawn with its rows and a click shows
 * them in its first frame. When the page is shown, an answer younger than the
 * pre-render's `maxAgeMs` stands; an older one, or a failure, is loaded again (the rows
 * stay, marked loading; a failure then is reported as usual).
 */
export function useQuery<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  options: QueryOptions = {},
): QueryResult<T> {
  const [version, setVersion] = useState(0);
  const key = [...deps, version];
  const [state, setState] = useState<State<T>>(() => ({ data: undefined, loading: true, error: null, key }));
  const loadRef = useRef(load);
  const silentRef = useRef(options.silent);
  const badRequestRef = useRef(options.badRequestMessage);
  loadRef.current = load;
  silentRef.current = options.silent;
  badRequestRef.current = options.badRequestMessage;
  const prerender = useContext(PrerenderContext);
  // The first load, started in the first render; the first effect takes it over (once).
  const firstLoad = useRef<{ deps: readonly unknown[]; promise: Promise<T> } | null | undefined>(undefined);
  if (firstLoad.current === undefined) {
    const promise = load();
    // Handled here so a failure before the effect attaches its handlers is not reported as
    // an unhandled rejection; the effect still receives it.
    promise.catch(() => undefined);
    const started = { deps: key, promise };
    firstLoad.current = started;
    if (prerender?.hidden) {
      prerender.track(promise);
      // Rendered ahead, hidden: no effect runs before the page is shown, so the answer goes
      // into the state from here — unless the page was shown meanwhile (the effect took over).
      const ahead = prerender;
      promise.then(
        (data) => {
          if (firstLoad.current === started)
            setState({ data, loading: false, error: null, key: started.deps, at: ahead.now() });
        },
        (thrown: unknown) => {
          if (firstLoad.current === started) {
            setState({
              data: undefined,
              loading: false,
              error: toApiError(thrown),
              key: started.deps,
              at: ahead.now(),
            });
          }
        },
      );
    }
  }

  useEffect(() => {
    let current = true;
    const started = firstLoad.current;
    firstLoad.current = null;
    const asked = [...deps, version];
    // Answered while the page was hidden: fresh rows stand; stale ones (or a failure) load again.
    const ahead = state.at !== undefined && sameDeps(state.key, asked) ? state.at : undefined;
    if (ahead !== undefined && !state.error && prerender && prerender.now() - ahead <= prerender.maxAgeMs) return;
    setState((s) =>
      s.loading && !s.error && sameDeps(s.key, asked) ? s : { ...s, loading: true, error: null, key: asked },
    );
    const promise =
      ahead === undefined && started && sameDeps(started.deps, asked) ? started.promise : loadRef.current();
    promise.then(
      (data) => {
        if (current) setState({ data, loading: false, error: null, key: asked });
      },
      (thrown: unknown) => {
        if (!current) return;
        const error = toApiError(thrown);
        setState({ data: undefined, loading: false, error, key: asked });
        if (silentRef.current || error.handled) return;
        // One toast per text: two failing loads of one page (or a reload) do not stack copies.
        if (error.code === '400' && badRequestRef.current) {
          Message.error({ id: 'cotton-bad-request', content: badRequestRef.current });
        } else Message.error(error.message);
      },
    );
    return () => {
      current = false;
    };
    // `deps` are the caller's (checked where they are written); `load` is read through a ref
    // so an inline closure is fine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // New deps: loading from the render that brings them, not from the effect after it, so
  // no committed frame says "not loading" over the previous deps' answer (a week table
  // marked drawn while it still shows the week before).
  const settledForNow = sameDeps(state.key, key);
  return {
    data: state.data,
    loading: state.loading || !settledForNow,
    error: settledForNow ? state.error : null,
    reload,
  };
}
