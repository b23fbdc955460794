import { ChinaDatePicker } from '@cotton/sdk';

export interface DateFieldProps {
  /** YYYY-MM-DD */
  value?: string;
  onChange?: (date: string | undefined) => void;
  testId: string;
}

/** A day of the form; its 今天 is China's (UTC+8) in any browser. */
export function DateField({ value, onChange, testId }: DateFieldProps) {
  return (
    <div data-testid={testId}>
      <ChinaDatePicker value={value} onChange={onChange} style={{ width: '100%' }} />
    </div>
  );
}
