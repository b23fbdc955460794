import { Descriptions, Drawer, Empty, Spin, Table, Tag, Typography } from '@arco-design/web-react';
import { dash, formatDate, useQuery, useTabDrawer } from '@cotton/sdk';
import type { OperationChange, OperationLogRow } from '@cotton/sdk/contracts';
import { operationLogDetail } from '../../api';
import { diffChange, fieldWord, paramRows, type FieldDiff } from './diff';
import { kindText } from './fields';
import { entityLabel, type OperationLogLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

interface DetailProps {
  t: OperationLogLocale;
  row: OperationLogRow;
}

/** A changed record's heading: its kind (轮播图, not the table's 文章) and its title, else its number. */
export function changeHeading(change: OperationChange): string {
  const kind = change.kindName ?? entityLabel(change.entity);
  if (change.title) return `${kind}「${change.title}」`;
  return change.entityId ? `${kind} #${change.entityId}` : kind;
}

function ChangeTable({
  t,
  change,
  fieldLabels,
}: {
  t: OperationLogLocale;
  change: OperationChange;
  fieldLabels: Record<string, string>;
}) {
  const empty = t['operationLog.detail.empty'];
  return (
    <div className={styles.change} data-testid="operation-change">
      <Typography.Text bold>{changeHeading(change)}</Typography.Text>
      <Table<FieldDiff>
        rowKey="field"
        size="small"
        border
        pagination={false}
        data={diffChange(change, empty, fieldLabels)}
        rowClassName={(diff) => (diff.changed ? styles.changed : '')}
        columns={[
          {
            title: t['operationLog.detail.field'],
            dataIndex: 'field',
            width: 120,
            render: (field: string) => fieldWord(field, { fieldLabels }),
          },
          { title: t['operationLog.detail.before'], dataIndex: 'before', render: (text: string) => <pre>{text}</pre> },
          { title: t['operationLog.detail.after'], dataIndex: 'after', render: (text: string) => <pre>{text}</pre> },
        ]}
      />
    </div>
  );
}

function Detail({ t, row }: DetailProps) {
  const { data, loading } = useQuery(() => operationLogDetail(row.id), [row.id]);
  const fieldLabels = data?.fieldLabels ?? {};
  const params = paramRows(data?.params ?? null, t['operationLog.detail.empty'], fieldLabels);
  return (
    <div data-testid="operation-detail">
      <Descriptions
        column={1}
        border
        size="small"
        data={[
          { label: t['operationLog.fields.action'], value: row.action },
          { label: t['operationLog.fields.kind'], value: kindText(t, row.kind) },
          { label: t['operationLog.fields.url'], value: `${row.method} ${row.url}` },
          {
            label: t['operationLog.fields.loginName'],
            value: row.realname ? `${dash(row.loginName)}（${row.realname}）` : dash(row.loginName),
          },
          {
            label: t['operationLog.fields.success'],
            value: row.success ? (
              <Tag color="green">{t['operationLog.success']}</Tag>
            ) : (
              <Tag color="red">{t['operationLog.failure']}</Tag>
            ),
          },
          ...(row.message ? [{ label: t['operationLog.fields.message'], value: row.message }] : []),
          { label: t['operationLog.fields.createTime'], value: formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss') },
          { label: t['operationLog.fields.durationMs'], value: String(row.durationMs) },
          { label: t['operationLog.fields.ip'], value: dash(row.ip) },
          { label: t['operationLog.detail.userAgent'], value: dash(data?.userAgent) },
        ]}
      />
      <Typography.Title heading={6}>{t['operationLog.detail.params']}</Typography.Title>
      <div className={styles.params} data-testid="operation-params">
        {params ? <Descriptions column={1} size="small" border data={params} /> : t['operationLog.detail.noParams']}
      </div>
      <Typography.Title heading={6}>{t['operationLog.detail.changes']}</Typography.Title>
      {loading ? (
        <Spin tip={t['operationLog.detail.loading']} />
      ) : data && data.changes.length > 0 ? (
        data.changes.map((change, index) => <ChangeTable key={index} t={t} change={change} fieldLabels={fieldLabels} />)
      ) : (
        <Empty description={t['operationLog.detail.noChanges']} />
      )}
    </div>
  );
}

/** 详情: the operation, what it sent (secrets masked by the server) and each record before and after, as text. */
export function OperationDetailDrawer({
  t,
  row,
  onClose,
}: {
  t: OperationLogLocale;
  row: OperationLogRow | null;
  onClose: () => void;
}) {
  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      width={720}
      title={t['operationLog.detail.title']}
      visible={row !== null}
      footer={null}
      onCancel={onClose}
    >
      {row && <Detail t={t} row={row} />}
    </Drawer>
  );
}
