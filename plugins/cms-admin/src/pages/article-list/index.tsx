import { useState } from 'react';
import { Button, Spin, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, ListPage, createListStore } from '@cotton/sdk';
import type { AdminCatalogRow, AdminContentRow } from '@cotton/sdk';
import { CMS_PERMISSIONS, CMS_URLS } from '../../api';
import { ArticlePreview } from '../../components/article-preview';
import { ContentActions } from '../../components/content-actions';
import { catalogOptions, useCatalogs } from '../../components/use-catalogs';
import locale from '../../locale/zh-CN';
import { ArticleForm } from './article-form';
import { getArticleColumns } from './columns';
import { getSearchFields, getSuperQueryFields, type ContentFilters } from './fields';
import styles from './style/index.module.css';

function createArticleStore(catalogs: AdminCatalogRow[]) {
  const t = locale;
  return createListStore<AdminContentRow, ContentFilters>({
    rowKey: 'id',
    columns: getArticleColumns(t),
    searchFields: getSearchFields(t, catalogOptions(catalogs, 'COLUMN')),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: CMS_URLS.contentPage,
      delete: { url: CMS_URLS.delContent, body: (row) => ({ ids: row.id }) },
      batchDelete: { url: CMS_URLS.delContent, body: (ids) => ({ ids: ids.join(',') }) },
      export: CMS_URLS.contentExport,
    },
    permissions: {
      add: CMS_PERMISSIONS.contentAdd,
      edit: CMS_PERMISSIONS.contentEdit,
      delete: CMS_PERMISSIONS.contentDelete,
      export: CMS_PERMISSIONS.contentList,
    },
    defaultSort: { field: 'updateTime', order: 'desc' },
    storageKey: 'cms-article-list',
    exportFileName: '文章列表.xlsx',
  });
}

type FormState = { visible: false } | { visible: true; contentId: string | null };

/**
 * 内容管理 › 文章管理 (`/cms/article`): the articles of the site's catalogues — search by
 * title, catalogue, status and day, sort, page, export — with 新增 / 编辑 in a drawer holding
 * the rich-text editor, 预览 as /service shows it, 发布 / 撤回 and 删除; each by its code.
 */
export function ArticleList() {
  const { catalogs, loading } = useCatalogs();
  // The catalogue filter's options come first: the list's store is made once, with them.
  if (loading && catalogs.length === 0) return <Spin className={styles.container} />;
  return <ArticleListView catalogs={catalogs} />;
}

function ArticleListView({ catalogs }: { catalogs: AdminCatalogRow[] }) {
  const t = locale;
  const [store] = useState(() => createArticleStore(catalogs));
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [previewId, setPreviewId] = useState<string | null>(null);

  return (
    <div className={styles.container} data-testid="article-list">
      <ListPage<AdminContentRow, ContentFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['article.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={CMS_PERMISSIONS.contentAdd}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="article-add"
              onClick={() => setFormState({ visible: true, contentId: null })}
            >
              {t['common.add']}
            </Button>
          </Authorized>
        }
        rowActions={(row) => (
          <ContentActions
            t={t}
            row={row}
            store={store}
            onEdit={(item) => setFormState({ visible: true, contentId: item.id })}
            onPreview={(item) => setPreviewId(item.id)}
          />
        )}
        rowActionsWidth={270}
      />
      <ArticleForm
        t={t}
        visible={formState.visible}
        contentId={formState.visible ? formState.contentId : null}
        catalogs={catalogs}
        onClose={() => setFormState({ visible: false })}
        onSaved={(id, preview) => {
          setFormState({ visible: false });
          void store.load();
          if (preview) setPreviewId(id);
        }}
      />
      <ArticlePreview contentId={previewId} onClose={() => setPreviewId(null)} />
    </div>
  );
}
