import { RegionCascader } from '@cotton/sdk';
import type { RegionCascaderProps } from '@cotton/sdk';

/**
 * The inland region filter: a module of its own, imported by the toolbar's first render but
 * not waited for, so that Arco's Cascader (and the table chunk it lives in) is not loaded
 * nor compiled before the week table is drawn (issue 30).
 */
export default function RegionCascaderField(props: RegionCascaderProps) {
  return <RegionCascader {...props} />;
}
