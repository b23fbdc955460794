import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage } from '@cotton/sdk';
import type { AdminPostRow } from '@cotton/sdk/contracts';
import { postAdminCalls, postAdminCodes } from '@cotton/sdk/calls';
import { postIdsBody } from '../../api';
import { getPostColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { PostFilters } from './fields';
import locale from './locale/zh-CN';
import { PostFormDrawer } from './post-form';
import styles from './style/index.module.css';

function createPostStore(edit: (row: AdminPostRow) => void) {
  const t = locale;
  return createListStore<AdminPostRow, PostFilters>({
    rowKey: 'id',
    columns: getPostColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: postAdminCalls.page,
      // delPost takes `{ ids }` for one post as for several.
      delete: { call: postAdminCalls.delete, body: (row) => postIdsBody([row.id]) },
      batchDelete: { call: postAdminCalls.delete, body: (ids) => postIdsBody(ids) },
      // The query as it stands (or the selected rows), streamed as an .xlsx.
      export: postAdminCalls.export,
      import: { call: postAdminCalls.import, template: postAdminCalls.importTemplate },
    },
    permissions: {
      add: postAdminCodes.add,
      edit: postAdminCodes.edit,
      delete: postAdminCodes.delete,
      export: postAdminCodes.export,
      import: postAdminCodes.import,
    },
    exportFileName: '岗位列表.xlsx',
    rowActions: {
      testIdPrefix: 'post',
      testId: (row) => row.code,
      edit: { onClick: edit },
      delete: { confirm: (row) => fillText(t['postList.confirm.delete'], { name: row.name }) },
      width: 140,
    },
    storageKey: 'system-post-list',
  });
}

type FormState = { visible: false } | { visible: true; post: AdminPostRow | null };

/**
 * 系统管理 › 岗位管理 (`/system/post`, `system:post:list`): the generic admin list over
 * /rest/postService/getPostPage with 新增 / 编辑 (a drawer), 删除 (refused by the server
 * while users hold the post) and 导出; each by permission code.
 */
export function PostList() {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [store] = useState(() => createPostStore((post) => setFormState({ visible: true, post })));

  return (
    <div className={styles.container} data-testid="post-list">
      <ListPage<AdminPostRow, PostFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['postList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={postAdminCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="post-add"
              onClick={() => setFormState({ visible: true, post: null })}
            >
              {t['postList.add']}
            </Button>
          </Authorized>
        }
      />
      <PostFormDrawer
        t={t}
        visible={formState.visible}
        post={formState.visible ? formState.post : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
    </div>
  );
}
