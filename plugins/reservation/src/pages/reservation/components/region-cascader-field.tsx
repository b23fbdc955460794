import { RegionCascader } from '@cotton/sdk';
import type { RegionCascaderProps } from '@cotton/sdk';

/**
 * The inland region filter: a module of its own, imported once the page's first frame is
 * painted (or the visitor reaches for the filter: `InlandRegionFilter`), so that Arco's
 * Cascader (and the table chunk it lives in) is not loaded nor compiled before the week table
 * is drawn (issue 30).
 */
export default function RegionCascaderField(props: RegionCascaderProps) {
  return <RegionCascader {...props} />;
}
