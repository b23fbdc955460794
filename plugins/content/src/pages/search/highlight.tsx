import type { ReactNode } from 'react';
import styles from './style/index.module.css';

/** `text` with every case-insensitive occurrence of `keyWord` wrapped in <mark>. */
export function highlight(text: string, keyWord: string): ReactNode[] {
  const word = keyWord.trim();
  if (!word) return [text];
  const lower = text.toLowerCase();
  const needle = word.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className={styles.mark}>
        {text.slice(at, at + word.length)}
      </mark>,
    );
    from = at + word.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}
