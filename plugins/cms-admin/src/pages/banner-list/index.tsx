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
import { getSearchFields, getSuperQueryFields, type ContentFilters } from '../article-list/fields';
import { BannerForm } from './banner-form';
import { getBannerColumns } from './columns';
import styles from './style/index.module.css';

function createBannerStore(catalogs: AdminCatalogRow[]) {
  const t = locale;
  return createListStore<AdminContentRow, ContentFilters>({
    rowKey: 'id',
    columns: getBannerColumns(t),
    searchFields: getSearchFields(t, catalogOptions(catalogs, 'BANNER')),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: CMS_URLS.bannerPage,
      delete: { url: CMS_URLS.delContent, body: (row) => ({ ids: row.id }) },
      batchDelete: { url: CMS_URLS.delContent, body: (ids) => ({ ids: ids.join(',') }) },
      export: CMS_URLS.bannerExport,
    },
    permissions: {
      add: CMS_PERMISSIONS.contentAdd,
      edit: CMS_PERMISSIONS.contentEdit,
      delete: CMS_PERMISSIONS.contentDelete,
      export: CMS_PERMISSIONS.contentList,
    },
    defaultSort: { field: 'sort', order: 'asc' },
    storageKey: 'cms-banner-list',
    exportFileName: '轮播图列表.xlsx',
  });
}

type FormState = { visible: false } | { visible: true; contentId: string | null };

/**
 * 内容管理 › 轮播图管理 (`/cms/banner`): the pictures of the BANNER catalogues (the home
 * page's carousel) with their uploaded image and link; 发布 / 撤回, 预览, 删除, export.
 */
export function BannerList() {
  const { catalogs, loading } = useCatalogs();
  if (loading && catalogs.length === 0) return <Spin className={styles.container} />;
  return <BannerListView catalogs={catalogs} />;
}

function BannerListView({ catalogs }: { catalogs: AdminCatalogRow[] }) {
  const t = locale;
  const [store] = useState(() => createBannerStore(catalogs));
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [previewId, setPreviewId] = useState<string | null>(null);

  return (
    <div className={styles.container} data-testid="banner-list">
      <ListPage<AdminContentRow, ContentFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['banner.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={CMS_PERMISSIONS.contentAdd}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="banner-add"
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
      <BannerForm
        t={t}
        visible={formState.visible}
        contentId={formState.visible ? formState.contentId : null}
        catalogs={catalogs}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
      <ArticlePreview contentId={previewId} onClose={() => setPreviewId(null)} />
    </div>
  );
}
