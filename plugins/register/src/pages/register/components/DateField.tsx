import { DatePicker } from '@arco-design/web-react';

export interface DateFieldProps {
  /** YYYY-MM-DD */
  value?: string;
  onChange?: (date: string | undefined) => void;
  testId: string;
}

export function DateField({ value, onChange, testId }: DateFieldProps) {
  return (
    <div data-testid={testId}>
      <DatePicker
        value={value || undefined}
        format="YYYY-MM-DD"
        style={{ width: '100%' }}
        onChange={(date: string) => onChange?.(date || undefined)}
      />
    </div>
  );
}
