import { useEffect, useState } from 'react';
import { Slider } from '@arco-design/web-react';
import { RANGES, formatRange, parseRange } from '../../hooks/use-bid-url-state';
import type { RangeFilterKey } from '../../hooks/use-bid-url-state';
import styles from './style/index.module.css';

export interface RangeFilterProps {
  field: RangeFilterKey;
  label: string;
  /** `min,max` from the URL, '' for the full span. */
  value: string;
  /** Called when a drag ends or an input is left, with `min,max` or '' for the full span. */
  onCommit: (value: string) => void;
}

/**
 * A range slider with its two inputs. Dragging only moves the handles; the filter is
 * applied when the drag ends (or an input is left), so one drag is one search.
 */
export function RangeFilter({ field, label, value, onCommit }: RangeFilterProps) {
  const range = RANGES[field];
  const applied = parseRange(value) ?? [range.min, range.max];
  const [current, setCurrent] = useState<number[]>(applied);
  const [appliedMin, appliedMax] = applied;

  // Follow the URL (clear, back button).
  useEffect(() => setCurrent([appliedMin, appliedMax]), [appliedMin, appliedMax]);

  const commit = (next: number | number[]) => {
    if (!Array.isArray(next) || next.length !== 2) return;
    const lo = Math.max(range.min, Math.min(next[0], next[1]));
    const hi = Math.min(range.max, Math.max(next[0], next[1]));
    const text = formatRange(field, [round(lo), round(hi)]);
    if (text !== value) onCommit(text);
  };

  return (
    <div className={styles['range-filter']} data-testid={`range-${field}`}>
      <div className={styles['range-label']}>
        <span>{label}</span>
        <span className={styles['range-bounds']}>
          {range.min}–{range.max}
        </span>
      </div>
      <Slider
        range
        min={range.min}
        max={range.max}
        step={range.step}
        value={current}
        onChange={(next) => setCurrent(next as number[])}
        onAfterChange={commit}
        showInput={[
          { 'aria-label': `${label}最小值`, precision: 1 },
          { 'aria-label': `${label}最大值`, precision: 1 },
        ]}
      />
    </div>
  );
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
