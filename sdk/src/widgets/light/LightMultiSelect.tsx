import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import formStyles from './LightForm.module.css';
import styles from './LightMultiSelect.module.css';

export interface LightMultiSelectOption {
  /** The text shown. */
  label: string;
  /** The value kept in `value`. */
  value: string;
}

export interface LightMultiSelectProps {
  /** The button's id (a `LightField`'s label points at it). */
  id?: string;
  /** The chosen values, in the options' order when shown. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  options: readonly LightMultiSelectOption[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** The button's accessible name when no label points at it. */
  'aria-label'?: string;
  /** Chosen labels shown by name before `+N` (default 1). */
  maxTagCount?: number;
  /** The clear button's name (default 清除). */
  clearLabel?: string;
  /** While the options load: the list shows this instead. */
  loadingText?: string;
  /** No options: the list shows this (default 暂无数据). */
  emptyText?: string;
  className?: string;
  'data-testid'?: string;
}

/**
 * A multiple choice of plain elements for public pages (issue 30), where Arco's Select or
 * Cascader and their chunks cost more than they give: a button that shows the chosen labels and
 * opens a list of checkboxes. Keyboard: Enter, Space or ↓ on the button opens the list and
 * focuses its first box, ↑/↓ move between boxes, Space ticks, Escape or Tab out closes (Escape
 * back on the button); a click outside closes.
 */
export function LightMultiSelect({
  id,
  value,
  onChange,
  options,
  placeholder,
  'aria-label': ariaLabel,
  maxTagCount = 1,
  clearLabel = '清除',
  loadingText,
  emptyText = '暂无数据',
  className,
  'data-testid': testId,
}: LightMultiSelectProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();
  const chosen = new Set(value);
  const chosenOptions = options.filter((option) => chosen.has(option.value));
  const shown = chosenOptions.slice(0, Math.max(0, maxTagCount));
  const more = chosenOptions.length - shown.length;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [open]);

  const boxes = () => [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
  const openAndFocus = () => {
    setOpen(true);
    requestAnimationFrame(() => boxes()[0]?.focus());
  };
  const toggle = (option: string) => {
    const next = chosen.has(option) ? value.filter((item) => item !== option) : [...value, option];
    // Kept in the options' order, whatever the order of the ticks.
    const order = new Map(options.map((item, index) => [item.value, index]));
    onChange(next.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)));
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAndFocus();
    }
  };
  const onListKey = (event: KeyboardEvent) => {
    const all = boxes();
    const at = all.indexOf(document.activeElement as HTMLInputElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? Math.min(all.length - 1, at + 1) : Math.max(0, at - 1);
      all[next]?.focus();
    }
  };

  return (
    <span
      ref={root}
      className={['cotton-light-multi-select', formStyles.box, styles.box, className].filter(Boolean).join(' ')}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        id={id}
        type="button"
        className={styles.button}
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-testid={testId}
        data-empty={chosenOptions.length === 0 || undefined}
        onClick={() => (open ? setOpen(false) : openAndFocus())}
        onKeyDown={onButtonKey}
      >
        {chosenOptions.length === 0 ? (
          <span className={styles.placeholder}>{placeholder}</span>
        ) : (
          <span className={styles.tags}>
            {shown.map((option) => (
              <span key={option.value} className={styles.tag}>
                {option.label}
              </span>
            ))}
            {more > 0 && <span className={styles.tag}>+{more}</span>}
          </span>
        )}
      </button>
      {chosenOptions.length > 0 && (
        <button type="button" className={styles.clear} aria-label={clearLabel} onClick={() => onChange([])}>
          ×
        </button>
      )}
      <span className={styles.arrow} aria-hidden="true" />
      {open && (
        <div
          ref={list}
          id={listId}
          className={styles.list}
          role="group"
          aria-label={ariaLabel ?? placeholder}
          onKeyDown={onListKey}
          data-testid={testId ? `${testId}-list` : undefined}
        >
          {loadingText !== undefined ? (
            <div className={styles.note}>{loadingText}</div>
          ) : options.length === 0 ? (
            <div className={styles.note}>{emptyText}</div>
          ) : (
            options.map((option) => (
              <label key={option.value} className={styles.option}>
                <input type="checkbox" checked={chosen.has(option.value)} onChange={() => toggle(option.value)} />
                <span>{option.label}</span>
              </label>
            ))
          )}
        </div>
      )}
    </span>
  );
}
