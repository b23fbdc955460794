import { useState } from 'react';
import { Button, Empty, Message, Modal, Typography } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { Authorized, ColumnSettingTable, fillText, toApiError, useQuery, useSession } from '@cotton/sdk';
import { SMS_DELETE_PERMISSION, deleteSms, deleteSmsBatch, querySmsPage } from '../../api';
import type { SmsRow } from '@cotton/sdk';
import { getColumns } from './columns';
import locale from './locale/zh-CN';
import { SearchForm } from './search-form';
import type { SmsSearchValues } from './search-form';
import styles from './style/index.module.css';

/** Generic admin list sizes (spec §9): 10, 20, 30, 50, 100, 200; default 10. */
export const SMS_PAGE_SIZES = [10, 20, 30, 50, 100, 200];
export const SMS_DEFAULT_PAGE_SIZE = 10;

type RowKey = SmsRow['id'];

/**
 * 系统管理 › 短信日志 (`/system/sms`, `system:sms:list`): every SMS the portal sent or
 * tried to send. Searching or resetting goes back to page 1; deleting (one row, or the
 * selected rows; `system:sms:delete` only) goes back to page 1 and clears the selection.
 */
export function SmsLog() {
  const t = locale;
  const [mobile, setMobile] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(SMS_DEFAULT_PAGE_SIZE);
  const [selectedKeys, setSelectedKeys] = useState<RowKey[]>([]);
  const canDelete = useSession().permissions.includes(SMS_DELETE_PERMISSION);

  const { data, loading, reload } = useQuery(
    () => querySmsPage({ mobile, pageNum, pageSize }),
    [mobile, pageNum, pageSize],
  );
  const rows = data?.pagination.result ?? [];
  const total = data?.pagination.totalCount ?? 0;

  /** After a delete: page 1, no selection, and a fresh load even when already on page 1. */
  function afterDelete() {
    Message.success(t['smsLog.deleted']);
    setSelectedKeys([]);
    setPageNum(1);
    reload();
  }

  function confirmDelete(content: string, remove: () => Promise<unknown>) {
    Modal.confirm({
      title: t['smsLog.confirm.title'],
      content,
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        try {
          await remove();
          afterDelete();
        } catch (error) {
          const apiError = toApiError(error);
          if (!apiError.handled) Message.error(apiError.message);
        }
      },
    });
  }

  const onDeleteRow = (row: SmsRow) =>
    confirmDelete(fillText(t['smsLog.confirm.one'], { mobile: row.mobile }), () => deleteSms(row.id));

  function onBatchDelete() {
    if (selectedKeys.length === 0) {
      Message.warning(t['smsLog.selectFirst']);
      return;
    }
    const ids = [...selectedKeys];
    confirmDelete(fillText(t['smsLog.confirm.many'], { count: ids.length }), () => deleteSmsBatch(ids));
  }

  const columns = getColumns(t, {
    firstIndex: (pageNum - 1) * pageSize + 1,
    onDelete: canDelete ? onDeleteRow : undefined,
  });

  const onSearch = (values: SmsSearchValues) => {
    setMobile(values.mobile);
    setPageNum(1);
    setSelectedKeys([]);
    // Searching the same filter again still reloads.
    reload();
  };
  const onReset = () => onSearch({ mobile: '' });

  return (
    <div className={styles.container} data-testid="sms-log">
      <Typography.Title heading={5} className={styles.title}>
        {t['smsLog.title']}
      </Typography.Title>
      <SearchForm t={t} onSearch={onSearch} onReset={onReset} />
      <div data-testid="sms-table" className={styles.table}>
        <ColumnSettingTable<SmsRow>
          storageKey="system-sms-log"
          rowKey="id"
          columns={columns}
          data={rows}
          loading={loading}
          border={{ wrapper: true, cell: true }}
          scroll={{ x: 1200 }}
          noDataElement={<Empty description={t['smsLog.table.empty']} />}
          toolbar={
            <Authorized code={SMS_DELETE_PERMISSION}>
              <div className={styles.toolbar}>
                <Button status="danger" icon={<IconDelete />} onClick={onBatchDelete} data-testid="sms-batch-delete">
                  {t['smsLog.batchDelete']}
                </Button>
                {selectedKeys.length > 0 && (
                  <span className={styles.selected}>
                    {fillText(t['smsLog.selected'], { count: selectedKeys.length })}
                  </span>
                )}
              </div>
            </Authorized>
          }
          rowSelection={
            canDelete
              ? {
                  type: 'checkbox',
                  selectedRowKeys: selectedKeys,
                  onChange: (keys) => setSelectedKeys(keys as RowKey[]),
                }
              : undefined
          }
          pagination={{
            current: pageNum,
            pageSize,
            total,
            sizeCanChange: true,
            sizeOptions: SMS_PAGE_SIZES,
            showTotal: (count: number) => fillText(t['smsLog.total'], { total: count }),
            onChange: (page: number, size: number) => {
              setSelectedKeys([]);
              if (size !== pageSize) {
                setPageSize(size);
                setPageNum(1);
              } else {
                setPageNum(page);
              }
            },
          }}
        />
      </div>
    </div>
  );
}
