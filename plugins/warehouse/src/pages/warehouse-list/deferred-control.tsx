import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Input } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';

/** However long the page's first answer takes, the deferred controls are real by then (ms). */
export const LIVE_FALLBACK_MS = 600;

/**
 * Whether the search form's heavier controls (the province cascader, the area select) are
 * mounted yet. They wait for the frame that shows the page's content — `settled`: the
 * table's first answer (rows, empty or error) — to be painted, so that a visitor following
 * a link sees the table first; at the latest {@link LIVE_FALLBACK_MS} after mount (a slow
 * answer does not keep them waiting). `activate` makes them real at once (the visitor is
 * reaching for one).
 */
export function useLiveControls(settled: boolean): [live: boolean, activate: () => void] {
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (live) return undefined;
    const fallback = setTimeout(() => setLive(true), LIVE_FALLBACK_MS);
    return () => clearTimeout(fallback);
  }, [live]);
  useEffect(() => {
    if (live || !settled) return undefined;
    // requestAnimationFrame runs before the content's frame is painted, its timeout after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLive(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [live, settled]);
  const activate = useCallback(() => setLive(true), []);
  return [live, activate];
}

/** The props the form gives its control (value, onChange, id), passed on to the real one. */
export interface ControlProps {
  value?: unknown;
  onChange?: (...args: never[]) => void;
  [prop: string]: unknown;
}

export interface DeferredControlProps extends ControlProps {
  /** Whether the real control is mounted (from {@link useLiveControls}). */
  live: boolean;
  /** Mounts the real control now: the visitor points at, touches or tabs to the stand-in. */
  onActivate: () => void;
  placeholder: string;
  /** The real control's class (its width): the stand-in has the same box. */
  className?: string;
  /** The real control, with the props the form gave. */
  render: (props: ControlProps) => ReactNode;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * A form control mounted after the page's content (see {@link useLiveControls}). Until then
 * it is a read-only Arco input of the same size showing the same placeholder and arrow — a
 * select-like box that costs a fraction of the real one. Pointing at it (the mouse arrives
 * before the click), touching it or tabbing to it mounts the real control at once, in its
 * place; keyboard focus moves on to it. A field that already has a value (filters from the
 * URL) is real from the start.
 */
export function DeferredControl({
  live,
  onActivate,
  placeholder,
  className,
  render,
  ...control
}: DeferredControlProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const focusOnMount = useRef(false);
  const real = live || !isEmpty(control.value);

  useLayoutEffect(() => {
    if (!real || !focusOnMount.current) return;
    focusOnMount.current = false;
    holder.current?.querySelector<HTMLElement>('input, [tabindex]:not([tabindex="-1"])')?.focus();
  }, [real]);

  return (
    // `display: contents`: the holder adds no box; it is where focus is handed on from.
    <span
      ref={holder}
      style={{ display: 'contents' }}
      onPointerEnter={real ? undefined : onActivate}
      onPointerDown={real ? undefined : onActivate}
      onFocus={
        real
          ? undefined
          : () => {
              focusOnMount.current = true;
              onActivate();
            }
      }
    >
      {real ? (
        render({ ...control, className, placeholder })
      ) : (
        <Input
          readOnly
          id={typeof control.id === 'string' ? control.id : undefined}
          className={className}
          placeholder={placeholder}
          suffix={<IconDown />}
          data-deferred-control=""
        />
      )}
    </span>
  );
}
