import { Select } from '@arco-design/web-react';
import { useOffices } from '../hooks/useOffices';

export interface OfficeSelectProps {
  value?: string;
  onChange?: (code: string | undefined) => void;
  /** The chosen office's name (kept with the code as `serviceAreaName`). */
  onPickName?: (name: string) => void;
  testId: string;
}

/** 所属服务区域: the centre's offices (without 青岛, in reverse order). */
export function OfficeSelect({ value, onChange, onPickName, testId }: OfficeSelectProps) {
  const { offices, loading } = useOffices();
  return (
    <div data-testid={testId}>
      <Select
        value={value}
        placeholder="请选择所属服务区域"
        loading={loading}
        allowClear
        options={offices.map((office) => ({ label: office.value, value: office.code }))}
        onChange={(code: string | undefined) => {
          onChange?.(code);
          onPickName?.(offices.find((office) => office.code === code)?.value ?? '');
        }}
      />
    </div>
  );
}
