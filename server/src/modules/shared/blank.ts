import { trimmed } from '@cotton/sdk/validators';

/** The text trimmed, or `null` when nothing is left (an optional field left blank). */
export const blankToNull = (value: string | null | undefined) => {
  const text = trimmed(value ?? '');
  return text === '' ? null : text;
};
