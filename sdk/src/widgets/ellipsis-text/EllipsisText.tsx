import { Tooltip } from '@arco-design/web-react';
import { createContext, useContext } from 'react';
import type { CSSProperties } from 'react';

/** True where a text is read whole (a list's 详情 drawer): no cut, no tooltip. */
export const EllipsisWholeContext = createContext(false);

export interface EllipsisTextProps {
  text?: string | number | null;
  /** Characters shown before the cut (spec §9: 25). */
  length?: number;
  className?: string;
  style?: CSSProperties;
}

/** Grey `--` for empty values; Arco's secondary text colour, so themes follow. */
const EMPTY_STYLE: CSSProperties = { color: 'var(--color-text-3)' };

/**
 * Text cut to `length` characters with `…`, the whole text in a tooltip. Empty text shows
 * a grey `--`. Counts characters, not UTF-16 units, so a cut never splits one. Inside
 * `EllipsisWholeContext` (a list's 详情) the whole text shows.
 */
export function EllipsisText({ text, length = 25, className, style }: EllipsisTextProps) {
  const whole = useContext(EllipsisWholeContext);
  const classes = ['cotton-ellipsis-text', className].filter(Boolean).join(' ');
  if (text === null || text === undefined || text === '') {
    return (
      <span className={`${classes} cotton-ellipsis-text-empty`} style={{ ...EMPTY_STYLE, ...style }}>
        --
      </span>
    );
  }
  const full = String(text);
  const chars = Array.from(full);
  if (whole || chars.length <= length) {
    return (
      <span className={classes} style={style}>
        {full}
      </span>
    );
  }
  return (
    <Tooltip content={full}>
      <span className={classes} style={style}>
        {`${chars.slice(0, length).join('')}…`}
      </span>
    </Tooltip>
  );
}
