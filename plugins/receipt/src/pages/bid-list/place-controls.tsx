import { RegionCascader } from '@cotton/sdk';
import type { RegionCascaderProps } from '@cotton/sdk';

export { SuggestSelect } from './suggest-select';

/**
 * The place filters' controls (Arco's Cascader and Select): a module of its own, imported by
 * the filter panel's first render but not waited for, so that the table chunk they live in
 * is not loaded nor compiled before the results are drawn (issue 30).
 */
export function StoragePlaceCascader(props: RegionCascaderProps) {
  return <RegionCascader {...props} />;
}
