import { RegionCascader } from '@cotton/sdk';

/** What an empty region field says: the three levels it asks for. */
export const REGION_PLACEHOLDER = '请选择省/市/区县';

export interface RegionFieldProps {
  /** The path of codes: province, city, district. */
  value?: string[];
  onChange?: (codes: string[]) => void;
  testId: string;
}

/** Province → city → district, from the SDK's cascader (submitted as the codes joined by commas). */
export function RegionField({ value, onChange, testId }: RegionFieldProps) {
  const codes = value ?? [];
  return (
    <div data-testid={testId}>
      <RegionCascader value={codes} onChange={onChange} maxLevel={3} placeholder={REGION_PLACEHOLDER} />
    </div>
  );
}
