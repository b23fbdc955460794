import { RegionCascader } from '@cotton/sdk';

export interface RegionFieldProps {
  /** The path of codes: province, city, district. */
  value?: string[];
  onChange?: (codes: string[]) => void;
  placeholder?: string;
  testId: string;
}

/** Province → city → district, from the SDK's cascader (submitted as the codes joined by commas). */
export function RegionField({ value, onChange, placeholder, testId }: RegionFieldProps) {
  const codes = value ?? [];
  return (
    <div data-testid={testId}>
      <RegionCascader value={codes} onChange={onChange} maxLevel={3} placeholder={placeholder} />
    </div>
  );
}
