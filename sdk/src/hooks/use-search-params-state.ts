import { useCallback, useEffect, useRef } from 'react';
import { Message } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';

export interface SearchParamsUpdateOptions {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
}

export type SearchParamsUpdate<T> = (patch: Partial<T>, options?: SearchParamsUpdateOptions) => void;

/** Per key, whether a value read from the URL may be used (the server's rule for it). */
export type SearchParamRules<T> = { readonly [K in keyof T]?: (value: string) => boolean };

export interface SearchParamsStateOptions<T> {
  /**
   * The rules the server applies to each value, checked before the value reaches a request:
   * a value the URL carries that breaks its rule is not used — the key takes its default,
   * leaves the URL (replacing the history entry) and `invalidMessage` is shown once.
   */
  rules?: SearchParamRules<T>;
  /** Shown (as a warning toast, once however many keys or components) when a value was dropped. */
  invalidMessage?: string;
}

/** Page numbers the list calls accept (`PageParameter.pageNum`: 1…1,000,000), written plainly. */
export function isPageNum(value: string): boolean {
  return /^[1-9]\d{0,6}$/.test(value) && Number(value) <= 1_000_000;
}

/** A rule: at most `maxLength` characters matching `pattern` (which should be anchored). */
export function matchesRule(pattern: RegExp, maxLength: number): (value: string) => boolean {
  return (value) => value.length <= maxLength && pattern.test(value);
}

function shallowEqual(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * State kept in the URL query, so reload, sharing a link and the back button work. Only
 * the keys of `defaults` are read and written (other query keys are left alone); a value
 * equal to its default is removed from the URL so URLs stay clean. `state` keeps its
 * identity while its values do not change, and `update` never changes. With `rules`, a
 * value breaking its rule is replaced by its default (and dropped from the URL) before any
 * request sees it.
 */
export function useSearchParamsState<T extends Record<string, string>>(
  defaults: T,
  options: SearchParamsStateOptions<T> = {},
): [state: T, update: SearchParamsUpdate<T>] {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultsRef = useRef(defaults);
  const setRef = useRef(setSearchParams);
  const messageRef = useRef(options.invalidMessage);
  defaultsRef.current = defaults;
  setRef.current = setSearchParams;
  messageRef.current = options.invalidMessage;

  const next: Record<string, string> = {};
  const invalid: string[] = [];
  for (const key of Object.keys(defaults)) {
    const value = searchParams.get(key);
    const rule = options.rules?.[key];
    if (value !== null && value !== defaults[key] && rule && !rule(value)) invalid.push(key);
    else next[key] = value ?? defaults[key];
  }
  for (const key of invalid) next[key] = defaults[key];
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

  // Values that broke their rule leave the URL, and the visitor is told once in plain words.
  const invalidKeys = invalid.join(',');
  useEffect(() => {
    if (!invalidKeys) return;
    const patch: Record<string, string> = {};
    for (const key of invalidKeys.split(',')) patch[key] = defaultsRef.current[key];
    update(patch as Partial<T>, { replace: true });
    if (messageRef.current) Message.warning({ id: 'cotton-invalid-url', content: messageRef.current });
  }, [invalidKeys, update]);

  return [stateRef.current, update];
}
