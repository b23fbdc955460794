import { Message, Switch, Tag } from '@arco-design/web-react';
import { Authorized, toApiError } from '@cotton/sdk';
import type { ListDetailField } from '@cotton/sdk';
import { useState } from 'react';

/** 启用 / 停用 as a tag. */
export function StatusTag({ status }: { status: string }) {
  return status === '2' ? <Tag color="gray">停用</Tag> : <Tag color="green">启用</Tag>;
}

/** 详情's 状态 line: the tag, never the switch (the drawer only reads). */
export function statusDetailField<Row extends { status: string }>(label: string): ListDetailField<Row> {
  return { key: 'status', label, render: (row) => <StatusTag status={row.status} /> };
}

export const STATUS_OPTIONS = [
  { label: '启用', value: '1' },
  { label: '停用', value: '2' },
];

export interface StatusSwitchProps {
  status: string;
  /** Holders of this code get the switch, others the tag. */
  permission: string;
  testId: string;
  /** Sends the new status; the list reloads after. */
  change: (status: '1' | '2') => Promise<unknown>;
  onChanged: () => void;
}

/** 启用 / 停用 in the row: a switch for those allowed to change it, the tag for the others. */
export function StatusSwitch({ status, permission, testId, change, onChanged }: StatusSwitchProps) {
  const [busy, setBusy] = useState(false);
  async function toggle(checked: boolean) {
    setBusy(true);
    try {
      await change(checked ? '1' : '2');
      Message.success(checked ? '已启用' : '已停用');
      onChanged();
    } catch (failure) {
      const error = toApiError(failure);
      if (!error.handled) Message.error(error.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Authorized code={permission} fallback={<StatusTag status={status} />}>
      <Switch
        size="small"
        checked={status !== '2'}
        loading={busy}
        checkedText="启用"
        uncheckedText="停用"
        data-testid={testId}
        onChange={(checked) => void toggle(checked)}
      />
    </Authorized>
  );
}
