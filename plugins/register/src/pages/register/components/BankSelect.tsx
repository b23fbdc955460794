import { Select } from '@arco-design/web-react';
import { useBankSearch } from '../hooks/useBankSearch';

export interface BankSelectProps {
  /** The bank's name. */
  value?: string;
  onChange?: (name: string | undefined) => void;
  testId: string;
}

/** 开户银行: banks whose name contains what is typed (searched 500 ms after the last key). */
export function BankSelect({ value, onChange, testId }: BankSelectProps) {
  const { banks, loading, search } = useBankSearch();
  return (
    <div data-testid={testId}>
      <Select
        value={value}
        placeholder="请输入银行名称搜索"
        showSearch
        allowClear
        filterOption={false}
        loading={loading}
        notFoundContent="未找到相关银行"
        onSearch={search}
        onFocus={() => {
          if (banks.length === 0) search('');
        }}
        options={banks.map((bank) => ({ label: bank.value, value: bank.value }))}
        onChange={(name: string | undefined) => onChange?.(name)}
      />
    </div>
  );
}
