import { AdminListPage, adminColumns, fillText } from '@cotton/sdk';
import type { AdminPostRow, AddPostBody } from '@cotton/sdk/contracts';
import { postAdminCalls, postAdminCodes } from '@cotton/sdk/calls';
import { postIdsBody } from '../../api';
import { getPostColumns } from './columns';
import { getPostForm } from './fields';
import type { PostFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getPostForm(t);

/**
 * 系统管理 › 岗位管理 (`/system/post`, `system:post:list`): the generic admin list over
 * /rest/postService/getPostPage with 新增 / 编辑, 删除 (refused by the server while users hold
 * the post), 导出 and 导入; each by permission code.
 */
export function PostList() {
  return (
    <AdminListPage<AdminPostRow, PostFilters, AddPostBody>
      title={t['postList.title']}
      testId="post"
      form={FORM}
      list={{
        rowKey: 'id',
        ...adminColumns(getPostColumns(t)),
        calls: {
          list: postAdminCalls.page,
          // delPost takes `{ ids }` for one post as for several.
          delete: { call: postAdminCalls.delete, body: (row) => postIdsBody([row.id]) },
          batchDelete: { call: postAdminCalls.delete, body: (ids) => postIdsBody(ids) },
          export: postAdminCalls.export,
          import: { call: postAdminCalls.import, template: postAdminCalls.importTemplate },
        },
        permissions: postAdminCodes,
        exportFileName: '岗位列表.xlsx',
        rowActions: {
          testId: (row) => row.code,
          delete: { confirm: (row) => fillText(t['postList.confirm.delete'], { name: row.name }) },
          width: 140,
        },
        storageKey: 'system-post-list',
      }}
    />
  );
}
