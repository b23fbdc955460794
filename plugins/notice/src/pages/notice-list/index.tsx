import { Button, Message } from '@arco-design/web-react';
import { IconSend } from '@arco-design/web-react/icon';
import { AdminListPage, Authorized, adminColumns, fillText, showFailure } from '@cotton/sdk';
import type { AdminPageHandle } from '@cotton/sdk';
import type { AddNoticeBody, AdminNoticeRow, NoticeTarget } from '@cotton/sdk/contracts';
import { noticeCalls, noticeCodes } from '@cotton/sdk/calls';
import { publishNotices, setNoticeStatus } from '../../api';
import { getNoticeColumns } from './columns';
import { getNoticeForm } from './fields';
import type { NoticeFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getNoticeForm(t);
type Page = AdminPageHandle<AdminNoticeRow, NoticeFilters>;

/** The chosen users or roles of a notice's detail, by name. */
function targetNames(targets: unknown): string {
  return Array.isArray(targets) ? (targets as NoticeTarget[]).map((target) => target.name).join('、') : '';
}

/** 发布 ('1') / 撤回 ('2'). */
async function changeStatus(page: Page, row: AdminNoticeRow, status: '1' | '2') {
  try {
    await setNoticeStatus(row.id, status);
    Message.success(status === '1' ? t['noticeList.published'] : t['noticeList.withdrawn']);
    await page.reload();
  } catch (failure) {
    showFailure(failure);
  }
}

async function publishSelected(page: Page) {
  if (page.store.selection.length === 0) {
    Message.warning(t['noticeList.selectFirst']);
    return;
  }
  try {
    const { updated } = await publishNotices(page.store.selection);
    Message.success(fillText(t['noticeList.publishedMany'], { count: String(updated) }));
    await page.reload();
  } catch (failure) {
    showFailure(failure);
  }
}

/**
 * 系统管理 › 通知公告 (`/system/notice`, `system:notice:list`): the generic admin list over
 * /rest/noticeService/getNoticeByPage with 新增 / 编辑 (a drawer; drafts and withdrawn notices),
 * 发布 / 撤回, 批量发布 (SyncNoticeByIds), 删除, 批量删除 and 导出; each by permission code.
 */
export function NoticeList() {
  const published = (row: AdminNoticeRow) => row.status === '1';
  return (
    <AdminListPage<AdminNoticeRow, NoticeFilters, AddNoticeBody>
      title={t['noticeList.title']}
      testId="notice"
      form={FORM}
      toolbar={(page) => (
        <Authorized code={noticeCodes.publish}>
          <Button icon={<IconSend />} data-testid="notice-publish-selected" onClick={() => void publishSelected(page)}>
            {t['noticeList.publishSelected']}
          </Button>
        </Authorized>
      )}
      list={(page) => ({
        rowKey: 'id',
        ...adminColumns(getNoticeColumns(t)),
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
        // The text and the chosen users or roles are not in the list's rows.
        detail: {
          load: { call: noticeCalls.detail },
          fields: [
            { key: 'content', label: t['noticeList.fields.content'], render: (notice) => notice.content as string },
            { key: 'users', label: t['noticeList.fields.users'], render: (notice) => targetNames(notice.users) },
            { key: 'roles', label: t['noticeList.fields.roles'], render: (notice) => targetNames(notice.roles) },
          ],
        },
        rowActions: {
          // A published notice is withdrawn before it is edited.
          edit: { onClick: page.edit, visible: (row) => !published(row) },
          actions: [
            {
              key: 'publish',
              label: t['noticeList.publish'],
              permission: noticeCodes.publish,
              visible: (row) => !published(row),
              confirm: (row) => fillText(t['noticeList.confirm.publish'], { title: row.title }),
              onClick: (row) => changeStatus(page, row, '1'),
            },
            {
              key: 'withdraw',
              label: t['noticeList.withdraw'],
              permission: noticeCodes.publish,
              visible: published,
              confirm: (row) => fillText(t['noticeList.confirm.withdraw'], { title: row.title }),
              onClick: (row) => changeStatus(page, row, '2'),
            },
          ],
          delete: { confirm: (row) => fillText(t['noticeList.confirm.delete'], { title: row.title }) },
          width: 180,
        },
        exportFileName: '通知公告.xlsx',
        storageKey: 'notice-list',
      })}
    />
  );
}
