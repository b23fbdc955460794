import { DASH, formatNumber } from '@cotton/sdk';

/** A percentage with 2 decimals: `3.6` → `3.60%`, `3.85` → `3.85%`; empty → `--`. */
export function formatRate(value: number | null | undefined): string {
  const text = formatNumber(value, 2);
  return text === DASH ? DASH : `${text}%`;
}

/** A share without trailing zeros: `80` → `80%`, `72.5` → `72.50%`; empty → `--`. */
export function formatRatio(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${formatNumber(value, Number.isInteger(value) ? 0 : 2)}%`;
}
