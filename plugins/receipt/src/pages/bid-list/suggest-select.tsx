import { useEffect, useMemo, useState } from 'react';
import { Message, Select, Spin } from '@arco-design/web-react';
import { useDebouncedValue, useQuery } from '@cotton/sdk';
import { searchSuggestions } from '../../api';
import styles from './style/index.module.css';
import type { SuggestionField } from '@cotton/sdk/contracts';

/** Spec §9: suggestion debounce. */
export const SUGGESTION_DEBOUNCE_MS = 300;

export interface SuggestSelectProps {
  field: SuggestionField;
  /** The chosen name ('' when none). */
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  emptyText: string;
  /** Shown in the list when the suggestion call failed: the user may type again to retry. */
  failedText: string;
  'data-testid'?: string;
}

/**
 * A select whose options are the server's name suggestions for what the user types
 * (`superStgWareHouseDatasearchSuggestions`), asked 300 ms after the typing stops. A failed
 * call (spec §8, failed warehouse lookup) shows its message, empties the list and says to
 * type again: typing after a failure asks again, even for the same text.
 */
export function SuggestSelect({
  field,
  value,
  onChange,
  placeholder,
  emptyText,
  failedText,
  ...rest
}: SuggestSelectProps) {
  const [text, setText] = useState('');
  // Raised by the first keystroke after a failure, so that the same text is asked again.
  const [attempt, setAttempt] = useState(0);
  const asking = useMemo(() => ({ text: text.trim(), attempt }), [text, attempt]);
  const { text: typed, attempt: typedAttempt } = useDebouncedValue(asking, SUGGESTION_DEBOUNCE_MS);
  const { data, loading, error } = useQuery(
    () => (typed ? searchSuggestions(field, typed.slice(0, 50)) : Promise.resolve([] as string[])),
    [field, typed, typedAttempt],
    { silent: true },
  );
  const failed = Boolean(typed && error);
  useEffect(() => {
    // One toast per field: a user typing on through failures does not stack copies.
    if (error && !error.handled) Message.error({ id: `suggest-failed-${field}`, content: error.message });
  }, [error, field]);
  const names = typed && !failed ? (data ?? []) : [];
  const options = value && !names.includes(value) ? [value, ...names] : names;

  return (
    <div data-testid={rest['data-testid']}>
      <Select
        showSearch
        allowClear
        value={value || undefined}
        placeholder={placeholder}
        filterOption={false}
        options={options.map((name) => ({ label: name, value: name }))}
        onSearch={(next: string) => {
          if (failed) setAttempt((n) => n + 1);
          setText(next);
        }}
        onChange={(next?: string) => {
          setText('');
          onChange(next ?? '');
        }}
        notFoundContent={
          typed && loading ? (
            <Spin size={16} />
          ) : (
            <span className={styles['suggest-note']} role={failed ? 'alert' : undefined}>
              {failed ? failedText : typed ? emptyText : placeholder}
            </span>
          )
        }
      />
    </div>
  );
}
