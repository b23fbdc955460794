import { useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { Message, Select } from '@arco-design/web-react';
import { toApiError } from '../../request/api-error';
import { fetchDictList } from '../../services/dict';
import type { CodeValue } from '../../contracts/common';

export interface DictSelectProps {
  /** Dictionary category, e.g. `warehouseAreaType`. */
  categoryCode: string;
  /** The selected entry's `code`. */
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  className?: string;
}

/**
 * A select over the enabled entries of one dictionary category (`/rest/dict/getdictlist`).
 * Selects mounted within a few seconds share one request (`DICT_FRESH_MS`), so a change in
 * 数据字典 reaches the next one mounted.
 */
export function DictSelect(props: DictSelectProps) {
  const { categoryCode, onChange, placeholder = '请选择', allowClear = true, disabled, style, className } = props;
  const [items, setItems] = useState<CodeValue[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchDictList(categoryCode).then(
      (list) => {
        if (!current) return;
        setItems(list);
        setLoading(false);
      },
      (thrown: unknown) => {
        if (!current) return;
        setItems([]);
        setLoading(false);
        const error = toApiError(thrown);
        if (!error.handled) Message.error(error.message);
      },
    );
    return () => {
      current = false;
    };
  }, [categoryCode]);

  return (
    <Select
      // Controlled only when the prop is present, as Arco's own Select.
      {...('value' in props ? { value: props.value } : {})}
      onChange={(code: string | undefined) => onChange?.(code)}
      options={items.map((item) => ({ label: item.value, value: item.code }))}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      loading={loading}
      style={style}
      className={className}
    />
  );
}
