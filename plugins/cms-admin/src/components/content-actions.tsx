import { Button, Message, Popconfirm, Space } from '@arco-design/web-react';
import { Authorized, fillText, toApiError } from '@cotton/sdk';
import type { AdminContentRow } from '@cotton/sdk/contracts';
import type { ListStore } from '@cotton/sdk';
import { cmsAdminCodes } from '@cotton/sdk/calls';
import { publishContents, withdrawContents } from '../api';
import { type CmsLocale } from '../locale/zh-CN';

export interface ContentActionsProps<Filters extends object> {
  t: CmsLocale;
  row: AdminContentRow;
  store: ListStore<AdminContentRow, Filters>;
  onEdit: (row: AdminContentRow) => void;
  onPreview: (row: AdminContentRow) => void;
}

/** 编辑, 预览, 发布 / 撤回 and 删除 of one article or banner, each by its permission code. */
export function ContentActions<Filters extends object>({
  t,
  row,
  store,
  onEdit,
  onPreview,
}: ContentActionsProps<Filters>) {
  const published = row.status === '1';
  async function toggle() {
    try {
      if (published) await withdrawContents([row.id]);
      else await publishContents([row.id]);
      Message.success(published ? t['common.withdrawn'] : t['common.published']);
      await store.load();
    } catch (failure) {
      const error = toApiError(failure);
      if (!error.handled) Message.error(error.message);
    }
  }
  return (
    <Space size={4}>
      <Authorized code={cmsAdminCodes.contentEdit}>
        <Button type="text" size="small" data-testid={`content-edit-${row.id}`} onClick={() => onEdit(row)}>
          {t['common.edit']}
        </Button>
      </Authorized>
      <Button type="text" size="small" data-testid={`content-preview-${row.id}`} onClick={() => onPreview(row)}>
        {t['common.preview']}
      </Button>
      <Authorized code={cmsAdminCodes.contentPublish}>
        <Popconfirm
          title={fillText(published ? t['article.confirm.withdraw'] : t['article.confirm.publish'], {
            name: row.title,
          })}
          onOk={toggle}
        >
          <Button type="text" size="small" data-testid={`content-${published ? 'withdraw' : 'publish'}-${row.id}`}>
            {published ? t['common.withdraw'] : t['common.publish']}
          </Button>
        </Popconfirm>
      </Authorized>
      <Authorized code={cmsAdminCodes.contentDelete}>
        <Popconfirm
          title={fillText(t['article.confirm.delete'], { name: row.title })}
          okButtonProps={{ status: 'danger' }}
          onOk={() => store.delete(row)}
        >
          <Button type="text" size="small" status="danger" data-testid={`content-delete-${row.id}`}>
            {t['common.delete']}
          </Button>
        </Popconfirm>
      </Authorized>
    </Space>
  );
}
