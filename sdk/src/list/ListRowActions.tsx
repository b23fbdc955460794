import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from '@arco-design/web-react';
import type { ListStore } from './store';
import type { ListRowAction } from './types';

/** The 操作 column's own texts. */
export const LIST_ACTION_LABELS = {
  column: '操作',
  detail: '详情',
  edit: '编辑',
  delete: '删除',
  confirmDelete: '确定删除这条记录吗？',
} as const;

/** A button of the 操作 column as drawn: built-in or the page's, already allowed for the row. */
export interface DrawnAction<Row> {
  key: string;
  label: string;
  /** `opener`: the button pressed (focus goes back to it). */
  onClick: (row: Row, opener: HTMLElement | null) => unknown;
  confirm?: string;
  danger?: boolean;
  status?: 'warning' | 'success';
  icon?: ReactNode;
}

/** The buttons of a row a user may press: 详情, 编辑, the page's actions, 删除 (in that order). */
export function rowActionsOf<Row extends object, Filters extends object>(
  store: ListStore<Row, Filters>,
  row: Row,
  allowed: (code: string | undefined) => boolean,
  openDetail: ((row: Row, opener: HTMLElement) => void) | null,
): DrawnAction<Row>[] {
  const { config } = store;
  const own = config.rowActions;
  const drawn: DrawnAction<Row>[] = [];
  if (openDetail) {
    drawn.push({
      key: 'detail',
      label: LIST_ACTION_LABELS.detail,
      onClick: (shown, opener) => opener && openDetail(shown, opener),
    });
  }
  const edit = own?.edit;
  if (edit && allowed(config.permissions?.edit) && (!edit.visible || edit.visible(row))) {
    drawn.push({ key: 'edit', label: LIST_ACTION_LABELS.edit, onClick: (shown) => edit.onClick(shown) });
  }
  for (const action of own?.actions ?? []) {
    if (!allowed(action.permission) || (action.visible && !action.visible(row))) continue;
    drawn.push(pageAction(action, row));
  }
  const remove = own?.delete;
  if (config.calls.delete && allowed(config.permissions?.delete) && (!remove?.visible || remove.visible(row))) {
    drawn.push({
      key: 'delete',
      label: LIST_ACTION_LABELS.delete,
      confirm: remove?.confirm ? remove.confirm(row) : LIST_ACTION_LABELS.confirmDelete,
      danger: true,
      onClick: (shown) => store.delete(shown),
    });
  }
  return drawn;
}

/** A page's own action as drawn for a row. */
export function pageAction<Row>(action: ListRowAction<Row>, row: Row): DrawnAction<Row> {
  return {
    key: action.key,
    label: typeof action.label === 'function' ? action.label(row) : action.label,
    onClick: (shown) => action.onClick(shown),
    confirm: action.confirm?.(row),
    danger: action.danger,
    status: typeof action.status === 'function' ? action.status(row) : action.status,
    icon: action.icon,
  };
}

/** Whether the 操作 column has anything for this user (before any row's `visible`). */
export function hasRowActions<Row extends object, Filters extends object>(
  store: ListStore<Row, Filters>,
  allowed: (code: string | undefined) => boolean,
): boolean {
  const { config } = store;
  const own = config.rowActions;
  return (
    config.detail !== false ||
    (Boolean(own?.edit) && allowed(config.permissions?.edit)) ||
    (own?.actions ?? []).some((action) => allowed(action.permission)) ||
    (Boolean(config.calls.delete) && allowed(config.permissions?.delete))
  );
}

/** The buttons of one row, side by side; a confirmed one asks in a popconfirm first. */
export function RowActionButtons<Row extends object>({
  row,
  actions,
  testId,
}: {
  row: Row;
  actions: DrawnAction<Row>[];
  testId: (action: string) => string;
}) {
  return (
    <Space size={4}>
      {actions.map((action) => {
        const button = (
          <Button
            key={action.key}
            type="text"
            size="small"
            status={action.danger ? 'danger' : action.status}
            icon={action.icon}
            aria-label={action.icon ? action.label : undefined}
            data-testid={testId(action.key)}
            onClick={
              action.confirm ? undefined : (event) => void action.onClick(row, event.currentTarget as HTMLElement)
            }
          >
            {action.icon ? undefined : action.label}
          </Button>
        );
        if (!action.confirm) return button;
        return (
          <Popconfirm
            key={action.key}
            title={action.confirm}
            okButtonProps={action.danger ? { status: 'danger' } : undefined}
            // A promise keeps the popconfirm open (its 确定 loading) until the action is done.
            onOk={async () => {
              await action.onClick(row, null);
            }}
          >
            {button}
          </Popconfirm>
        );
      })}
    </Space>
  );
}
