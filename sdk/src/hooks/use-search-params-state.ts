import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface SearchParamsUpdateOptions {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
}

export type SearchParamsUpdate<T> = (patch: Partial<T>, options?: SearchParamsUpdateOptions) => void;

function shallowEqual(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * State kept in the URL query, so reload, sharing a link and the back button work. Only
 * the keys of `defaults` are read and written (other query keys are left alone); a value
 * equal to its default is removed from the URL so URLs stay clean. `state` keeps its
 * identity while its values do not change, and `update` never changes.
 */
export function useSearchParamsState<T extends Record<string, string>>(
  defaults: T,
): [state: T, update: SearchParamsUpdate<T>] {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultsRef = useRef(defaults);
  const setRef = useRef(setSearchParams);
  defaultsRef.current = defaults;
  setRef.current = setSearchParams;

  const next: Record<string, string> = {};
  for (const key of Object.keys(defaults)) next[key] = searchParams.get(key) ?? defaults[key];
  const stateRef = useRef<T | null>(null);
  if (!stateRef.current || !shallowEqual(stateRef.current, next)) stateRef.current = next as T;

  const update = useCallback<SearchParamsUpdate<T>>((patch, options = {}) => {
    setRef.current(
      (previous) => {
        const params = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === defaultsRef.current[key]) params.delete(key);
          else params.set(key, value);
        }
        return params;
      },
      { replace: options.replace },
    );
  }, []);

  return [stateRef.current, update];
}
