import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Message, Spin, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, ListPage, createListStore, fillText, toApiError } from '@cotton/sdk';
import type { AdminCatalogRow, AdminContentRow } from '@cotton/sdk/contracts';
import type { BrowserCall, ListColumn, ListSort } from '@cotton/sdk';
import { cmsAdminCalls, cmsAdminCodes } from '@cotton/sdk/calls';
import locale, { type CmsLocale } from '../locale/zh-CN';
import { getSearchFields, getSuperQueryFields, type ContentFilters } from '../pages/article-list/fields';
import { ArticlePreview } from './article-preview';
import { publishContents, withdrawContents } from '../api';
import styles from './content-list.module.css';
import { catalogOptions, useCatalogs } from './use-catalogs';

/** What the drawer of a content list is given: the content edited (null adds one). */
export interface ContentFormSlot {
  visible: boolean;
  contentId: string | null;
  catalogs: AdminCatalogRow[];
  onClose: () => void;
  /** After a save; given the saved content's id, it is previewed (保存并预览). */
  onSaved: (previewId?: string) => void;
}

/** How 文章管理 and 轮播图管理 differ; the rest (search, actions, preview) is the same content list. */
export interface ContentListKind {
  /** `data-testid` prefix: `<name>-list` on the page, `<name>-add` on 新增. */
  name: string;
  title: string;
  /** The catalogues offered in the catalogue filter. */
  catalogType: 'COLUMN' | 'BANNER';
  columns: (t: CmsLocale) => ListColumn<AdminContentRow>[];
  list: BrowserCall;
  export: BrowserCall;
  defaultSort: ListSort;
  storageKey: string;
  exportFileName: string;
  form: (slot: ContentFormSlot) => ReactNode;
}

interface ContentActions {
  edit: (row: AdminContentRow) => void;
  /** 预览: as /service shows it. */
  preview: (row: AdminContentRow) => void;
  /** 发布 / 撤回. */
  toggle: (row: AdminContentRow) => Promise<void>;
}

function createContentStore(kind: ContentListKind, catalogs: AdminCatalogRow[], actions: ContentActions) {
  const t = locale;
  const published = (row: AdminContentRow) => row.status === '1';
  return createListStore<AdminContentRow, ContentFilters>({
    rowKey: 'id',
    columns: kind.columns(t),
    searchFields: getSearchFields(t, catalogOptions(catalogs, kind.catalogType)),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: kind.list,
      delete: { call: cmsAdminCalls.contentDelete, body: (row) => ({ ids: row.id }) },
      batchDelete: { call: cmsAdminCalls.contentDelete, body: (ids) => ({ ids: ids.join(',') }) },
      export: kind.export,
    },
    permissions: {
      add: cmsAdminCodes.contentAdd,
      edit: cmsAdminCodes.contentEdit,
      delete: cmsAdminCodes.contentDelete,
      export: cmsAdminCodes.contentList,
    },
    rowActions: {
      testIdPrefix: 'content',
      edit: { onClick: actions.edit },
      actions: [
        { key: 'preview', label: t['common.preview'], onClick: actions.preview },
        {
          key: 'publish',
          label: t['common.publish'],
          permission: cmsAdminCodes.contentPublish,
          visible: (row) => !published(row),
          confirm: (row) => fillText(t['article.confirm.publish'], { name: row.title }),
          onClick: actions.toggle,
        },
        {
          key: 'withdraw',
          label: t['common.withdraw'],
          permission: cmsAdminCodes.contentPublish,
          visible: published,
          confirm: (row) => fillText(t['article.confirm.withdraw'], { name: row.title }),
          onClick: actions.toggle,
        },
      ],
      delete: { confirm: (row) => fillText(t['article.confirm.delete'], { name: row.title }) },
      width: 270,
    },
    defaultSort: kind.defaultSort,
    storageKey: kind.storageKey,
    exportFileName: kind.exportFileName,
  });
}

type FormState = { visible: false } | { visible: true; contentId: string | null };

/**
 * A list of the site's contents — search by title, catalogue, status and day, sort, page, export —
 * with 新增 / 编辑 in the kind's drawer, 详情, 预览 as /service shows it, 发布 / 撤回 and 删除; each by its code.
 */
export function ContentListPage({ kind }: { kind: ContentListKind }) {
  const { catalogs, loading } = useCatalogs();
  // The catalogue filter's options come first: the list's store is made once, with them.
  if (loading && catalogs.length === 0) return <Spin className={styles.container} />;
  return <ContentListView kind={kind} catalogs={catalogs} />;
}

function ContentListView({ kind, catalogs }: { kind: ContentListKind; catalogs: AdminCatalogRow[] }) {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [store] = useState(() =>
    createContentStore(kind, catalogs, {
      edit: (row) => setFormState({ visible: true, contentId: row.id }),
      preview: (row) => setPreviewId(row.id),
      toggle: async (row) => {
        const published = row.status === '1';
        try {
          if (published) await withdrawContents([row.id]);
          else await publishContents([row.id]);
          Message.success(published ? t['common.withdrawn'] : t['common.published']);
          await store.load();
        } catch (failure) {
          const error = toApiError(failure);
          if (!error.handled) Message.error(error.message);
        }
      },
    }),
  );

  return (
    <div className={styles.container} data-testid={`${kind.name}-list`}>
      <ListPage<AdminContentRow, ContentFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {kind.title}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={cmsAdminCodes.contentAdd}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid={`${kind.name}-add`}
              onClick={() => setFormState({ visible: true, contentId: null })}
            >
              {t['common.add']}
            </Button>
          </Authorized>
        }
      />
      {kind.form({
        visible: formState.visible,
        contentId: formState.visible ? formState.contentId : null,
        catalogs,
        onClose: () => setFormState({ visible: false }),
        onSaved: (savedId) => {
          setFormState({ visible: false });
          void store.load();
          if (savedId) setPreviewId(savedId);
        },
      })}
      <ArticlePreview contentId={previewId} onClose={() => setPreviewId(null)} />
    </div>
  );
}
