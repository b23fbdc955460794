import { useState } from 'react';
import { Select, Spin } from '@arco-design/web-react';
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
  'data-testid'?: string;
}

/**
 * A select whose options are the server's name suggestions for what the user types
 * (`superStgWareHouseDatasearchSuggestions`), asked 300 ms after the typing stops.
 */
export function SuggestSelect({ field, value, onChange, placeholder, emptyText, ...rest }: SuggestSelectProps) {
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const { data, loading } = useQuery(
    () => (typed ? searchSuggestions(field, typed.slice(0, 50)) : Promise.resolve([] as string[])),
    [field, typed],
    { silent: true },
  );
  const names = typed ? (data ?? []) : [];
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
        onSearch={setText}
        onChange={(next?: string) => {
          setText('');
          onChange(next ?? '');
        }}
        notFoundContent={
          typed && loading ? (
            <Spin size={16} />
          ) : (
            <span className={styles['suggest-note']}>{typed ? emptyText : placeholder}</span>
          )
        }
      />
    </div>
  );
}
