import { useState } from 'react';
import { Button, Message, Popconfirm, Space, Typography } from '@arco-design/web-react';
import { IconPlus, IconSend } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage, showFailure } from '@cotton/sdk';
import type { AdminNoticeRow } from '@cotton/sdk/contracts';
import { noticeCalls, noticeCodes } from '@cotton/sdk/calls';
import { publishNotices, setNoticeStatus } from '../../api';
import { getNoticeColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { NoticeFilters } from './fields';
import locale from './locale/zh-CN';
import { NoticeFormDrawer } from './notice-form';
import styles from './style/index.module.css';

function createNoticeStore() {
  const t = locale;
  return createListStore<AdminNoticeRow, NoticeFilters>({
    rowKey: 'id',
    columns: getNoticeColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: noticeCalls.page,
      delete: { call: noticeCalls.delete },
      batchDelete: { call: noticeCalls.deleteMany },
      export: noticeCalls.export,
    },
    permissions: {
      add: noticeCodes.add,
      edit: noticeCodes.edit,
      delete: noticeCodes.delete,
      export: noticeCodes.list,
    },
    exportFileName: '通知公告.xlsx',
    storageKey: 'notice-list',
  });
}

type FormState = { visible: false } | { visible: true; notice: AdminNoticeRow | null };

/**
 * 系统管理 › 通知公告 (`/system/notice`, `system:notice:list`): the generic admin list over
 * /rest/noticeService/getNoticeByPage with 新增 / 编辑 (a drawer; drafts and withdrawn notices),
 * 发布 / 撤回, 批量发布 (SyncNoticeByIds), 删除, 批量删除 and 导出; each by permission code.
 */
export function NoticeList() {
  const t = locale;
  const [store] = useState(createNoticeStore);
  const [formState, setFormState] = useState<FormState>({ visible: false });

  async function changeStatus(row: AdminNoticeRow, status: '1' | '2') {
    try {
      await setNoticeStatus(row.id, status);
      Message.success(status === '1' ? t['noticeList.published'] : t['noticeList.withdrawn']);
      await store.load();
    } catch (failure) {
      showFailure(failure);
    }
  }

  async function publishSelected() {
    if (store.selection.length === 0) {
      Message.warning(t['noticeList.selectFirst']);
      return;
    }
    try {
      const { updated } = await publishNotices(store.selection);
      Message.success(fillText(t['noticeList.publishedMany'], { count: String(updated) }));
      await store.load();
    } catch (failure) {
      showFailure(failure);
    }
  }

  const rowActions = (row: AdminNoticeRow) => (
    <Space size={4}>
      {row.status !== '1' && (
        <Authorized code={noticeCodes.edit}>
          <Button
            type="text"
            size="small"
            data-testid={`notice-edit-${row.id}`}
            onClick={() => setFormState({ visible: true, notice: row })}
          >
            {t['noticeList.edit']}
          </Button>
        </Authorized>
      )}
      <Authorized code={noticeCodes.publish}>
        <Popconfirm
          title={fillText(t[row.status === '1' ? 'noticeList.confirm.withdraw' : 'noticeList.confirm.publish'], {
            title: row.title,
          })}
          onOk={() => changeStatus(row, row.status === '1' ? '2' : '1')}
        >
          <Button
            type="text"
            size="small"
            data-testid={`notice-${row.status === '1' ? 'withdraw' : 'publish'}-${row.id}`}
          >
            {row.status === '1' ? t['noticeList.withdraw'] : t['noticeList.publish']}
          </Button>
        </Popconfirm>
      </Authorized>
      <Authorized code={noticeCodes.delete}>
        <Popconfirm
          title={fillText(t['noticeList.confirm.delete'], { title: row.title })}
          okButtonProps={{ status: 'danger' }}
          onOk={() => store.delete(row)}
        >
          <Button type="text" size="small" status="danger" data-testid={`notice-delete-${row.id}`}>
            {t['noticeList.delete']}
          </Button>
        </Popconfirm>
      </Authorized>
    </Space>
  );

  return (
    <div className={styles.container} data-testid="notice-list">
      <ListPage<AdminNoticeRow, NoticeFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['noticeList.title']}
          </Typography.Title>
        }
        toolbar={
          <Space>
            <Authorized code={noticeCodes.add}>
              <Button
                type="primary"
                icon={<IconPlus />}
                data-testid="notice-add"
                onClick={() => setFormState({ visible: true, notice: null })}
              >
                {t['noticeList.add']}
              </Button>
            </Authorized>
            <Authorized code={noticeCodes.publish}>
              <Button icon={<IconSend />} data-testid="notice-publish-selected" onClick={() => void publishSelected()}>
                {t['noticeList.publishSelected']}
              </Button>
            </Authorized>
          </Space>
        }
        rowActions={rowActions}
        rowActionsWidth={180}
      />
      <NoticeFormDrawer
        t={t}
        visible={formState.visible}
        notice={formState.visible ? formState.notice : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
    </div>
  );
}
