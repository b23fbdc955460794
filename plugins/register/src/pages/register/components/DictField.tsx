import { useEffect, useState } from 'react';
import { Message, Radio } from '@arco-design/web-react';
import { DictSelect, fetchDictList, toApiError } from '@cotton/sdk';
import type { CodeValue } from '@cotton/sdk';

export interface DictFieldProps {
  value?: string;
  onChange?: (code: string | undefined) => void;
  /** The dictionary category. */
  category: string;
  /** A radio group instead of a select. */
  radio?: boolean;
  placeholder?: string;
  testId: string;
}

function DictRadio({ value, onChange, category }: Pick<DictFieldProps, 'value' | 'onChange' | 'category'>) {
  const [items, setItems] = useState<CodeValue[]>([]);
  useEffect(() => {
    let live = true;
    fetchDictList(category).then(
      (list) => {
        if (live) setItems(list);
      },
      (thrown: unknown) => {
        const error = toApiError(thrown);
        if (live && !error.handled) Message.error(error.message);
      },
    );
    return () => {
      live = false;
    };
  }, [category]);
  return (
    <Radio.Group
      value={value}
      onChange={(code: string) => onChange?.(code)}
      options={items.map((item) => ({ label: item.value, value: item.code }))}
    />
  );
}

/** A dictionary choice: the SDK's DictSelect, or radios over the same dictionary. */
export function DictField({ value, onChange, category, radio, placeholder, testId }: DictFieldProps) {
  return (
    <div data-testid={testId}>
      {radio ? (
        <DictRadio value={value} onChange={onChange} category={category} />
      ) : (
        <DictSelect categoryCode={category} value={value} onChange={onChange} placeholder={placeholder} />
      )}
    </div>
  );
}
