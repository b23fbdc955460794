import type { ReactNode } from 'react';
import { Checkbox, Drawer } from '@arco-design/web-react';
import styles from './ColumnSettingTable.module.css';
import { useTabDrawer } from '../../workspace/workspace-page';

export interface ColumnSettingDrawerProps {
  visible: boolean;
  /** The data columns offered: key and header. */
  columns: Array<{ key: string; title: ReactNode }>;
  /** Keys unchecked in the drawer (null: closed). */
  draft: string[] | null;
  /** The hint under the boxes (the last data column cannot be hidden). */
  lastColumnHint: string;
  onToggle: (key: string, checked: boolean) => void;
  onOk: () => void;
  onCancel: () => void;
}

/**
 * The 列设置 drawer of `ColumnSettingTable`, a module of its own: loaded on the first click
 * of 列设置, so a table's page does not load the Drawer (and its focus lock) up front.
 */
export default function ColumnSettingDrawer({
  visible,
  columns,
  draft,
  lastColumnHint,
  onToggle,
  onOk,
  onCancel,
}: ColumnSettingDrawerProps) {
  const draftVisibleCount = draft ? columns.filter(({ key }) => !draft.includes(key)).length : 0;
  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      title="列设置"
      width={320}
      visible={visible}
      okText="确定"
      cancelText="取消"
      onOk={onOk}
      onCancel={onCancel}
      unmountOnExit
    >
      {columns.map(({ key, title }) => {
        const checked = draft ? !draft.includes(key) : true;
        return (
          <div key={key} style={{ padding: '6px 0' }}>
            <Checkbox
              checked={checked}
              disabled={checked && draftVisibleCount <= 1}
              onChange={(value: boolean) => onToggle(key, value)}
            >
              {title}
            </Checkbox>
          </div>
        );
      })}
      {draft !== null && draftVisibleCount <= 1 && (
        <div className={styles.hint} role="status" data-testid="column-setting-hint">
          {lastColumnHint}
        </div>
      )}
    </Drawer>
  );
}
