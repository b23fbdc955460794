import type { OperationChange } from '@cotton/sdk/contracts';

/** One field of a changed record: its value before and after, as text. */
export interface FieldDiff {
  field: string;
  before: string;
  after: string;
  /** The value differs (an added or a removed record differs in every field it has). */
  changed: boolean;
}

/** A value as the drawer shows it: text as it is, anything else as JSON, nothing as 空. */
export function valueText(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields of a change side by side, in the order they first appear (before's, then
 * after's new ones); changed fields first is the reader's business, not the order's.
 */
export function diffChange(change: Pick<OperationChange, 'before' | 'after'>, empty: string): FieldDiff[] {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const was = valueText(before[field], empty);
    const now = valueText(after[field], empty);
    return { field, before: was, after: now, changed: was !== now };
  });
}
