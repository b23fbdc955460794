import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { RegionCascader } from '@cotton/sdk';
import type { RegionCascaderProps } from '@cotton/sdk';

export interface ProvinceFieldProps extends RegionCascaderProps {
  /** The stand-in had keyboard focus when it was replaced: the cascader takes it. */
  focusWanted?: RefObject<boolean>;
}

/**
 * The province filter: a module of its own, imported when the field goes live (after the
 * rows are shown), so that Arco's Cascader (and the table chunk it lives in) is neither
 * loaded nor compiled by the tap that opens the page (issue 30).
 */
export default function ProvinceField({ focusWanted, ...props }: ProvinceFieldProps) {
  const holder = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!focusWanted?.current) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    holder.current?.querySelector<HTMLElement>('input, [tabindex]:not([tabindex="-1"])')?.focus();
  }, [focusWanted]);
  return (
    <span ref={holder} style={{ display: 'contents' }}>
      <RegionCascader {...props} maxLevel={1} multiple allowClear />
    </span>
  );
}
