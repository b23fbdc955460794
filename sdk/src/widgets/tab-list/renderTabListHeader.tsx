import type { TabsProps } from '@arco-design/web-react';

/**
 * Arco's `Tabs` draws its tab titles as `role="tab"` without the `role="tablist"` around them
 * that a screen reader needs to announce them as tabs (WCAG 4.1.2; axe's
 * `aria-required-parent`). Pass this as the `renderTabHeader` of a `Tabs`: Arco's own header,
 * inside a tab list.
 *
 * ```tsx
 * <Tabs renderTabHeader={renderTabListHeader}>…</Tabs>
 * ```
 */
export const renderTabListHeader: NonNullable<TabsProps['renderTabHeader']> = (props, DefaultTabHeader) => (
  <div role="tablist" aria-orientation={props.direction === 'vertical' ? 'vertical' : undefined}>
    <DefaultTabHeader {...props} />
  </div>
);
