import { useState } from 'react';
import type { ReactNode } from 'react';
import { Message, Spin } from '@arco-design/web-react';
import { AdminListPage, fillText, toApiError } from '@cotton/sdk';
import type { AddContentBody, AdminCatalogRow, AdminContentRow } from '@cotton/sdk/contracts';
import type { AdminFormConfig, AdminPageHandle, BrowserCall, ListConfig, ListOption, ListSort } from '@cotton/sdk';
import { cmsAdminCalls, cmsAdminCodes } from '@cotton/sdk/calls';
import locale, { type CmsLocale } from '../locale/zh-CN';
import type { ContentColumns } from '../pages/article-list/columns';
import type { ContentFilters } from '../pages/article-list/fields';
import { ArticlePreview } from './article-preview';
import { publishContents, withdrawContents } from '../api';
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
  /** `data-testid` prefix: `<name>-list` on the page, `<name>-add` on 新增, `<name>-form` on a declared form. */
  name: string;
  title: string;
  /** The catalogues offered in the catalogue filter. */
  catalogType: 'COLUMN' | 'BANNER';
  /** The columns, search form and 高级查询, given the catalogues the catalogue filter offers. */
  columns: (t: CmsLocale, catalogs: ListOption[]) => ContentColumns;
  list: BrowserCall;
  export: BrowserCall;
  defaultSort: ListSort;
  storageKey: string;
  exportFileName: string;
  /** The declared add / edit form, made with the catalogues (轮播图). */
  form?: (catalogs: AdminCatalogRow[]) => AdminFormConfig<AdminContentRow, AddContentBody>;
  /** Or a drawer of the page's own (文章: the rich-text editor, 保存并预览). */
  drawer?: (slot: ContentFormSlot) => ReactNode;
}

function contentList(
  kind: ContentListKind,
  catalogs: AdminCatalogRow[],
  page: AdminPageHandle<AdminContentRow, ContentFilters>,
  own: { preview: (row: AdminContentRow) => void },
): ListConfig<AdminContentRow> {
  const t = locale;
  const published = (row: AdminContentRow) => row.status === '1';
  // 发布 / 撤回.
  const toggle = async (row: AdminContentRow) => {
    try {
      if (published(row)) await withdrawContents([row.id]);
      else await publishContents([row.id]);
      Message.success(published(row) ? t['common.withdrawn'] : t['common.published']);
      await page.reload();
    } catch (failure) {
      const error = toApiError(failure);
      if (!error.handled) Message.error(error.message);
    }
  };
  return {
    rowKey: 'id',
    ...kind.columns(t, catalogOptions(catalogs, kind.catalogType)),
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
      actions: [
        { key: 'preview', label: t['common.preview'], onClick: own.preview },
        {
          key: 'publish',
          label: t['common.publish'],
          permission: cmsAdminCodes.contentPublish,
          visible: (row) => !published(row),
          confirm: (row) => fillText(t['article.confirm.publish'], { name: row.title }),
          onClick: toggle,
        },
        {
          key: 'withdraw',
          label: t['common.withdraw'],
          permission: cmsAdminCodes.contentPublish,
          visible: published,
          confirm: (row) => fillText(t['article.confirm.withdraw'], { name: row.title }),
          onClick: toggle,
        },
      ],
      delete: { confirm: (row) => fillText(t['article.confirm.delete'], { name: row.title }) },
      width: 270,
    },
    defaultSort: kind.defaultSort,
    storageKey: kind.storageKey,
    exportFileName: kind.exportFileName,
  };
}

/**
 * A list of the site's contents — search by title, catalogue, status and day, sort, page, export —
 * with 新增 / 编辑 in the kind's form or drawer, 详情, 预览 as /service shows it, 发布 / 撤回 and 删除;
 * each by its code.
 */
export function ContentListPage({ kind }: { kind: ContentListKind }) {
  const { catalogs, loading } = useCatalogs();
  // The catalogue filter's options come first: the list's store is made once, with them.
  if (loading && catalogs.length === 0) return <Spin style={{ display: 'block', margin: 20 }} />;
  return <ContentListView kind={kind} catalogs={catalogs} />;
}

function ContentListView({ kind, catalogs }: { kind: ContentListKind; catalogs: AdminCatalogRow[] }) {
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [form] = useState(() => kind.form?.(catalogs));
  const { drawer } = kind;

  return (
    <AdminListPage<AdminContentRow, ContentFilters, AddContentBody>
      title={kind.title}
      testId={kind.name}
      form={form}
      // 新增 and 编辑 open the page's own drawer; 保存并预览 previews what was saved.
      drawer={
        drawer &&
        ((slot) =>
          drawer({
            visible: slot.visible,
            contentId: slot.visible ? (slot.row?.id ?? null) : null,
            catalogs,
            onClose: slot.onClose,
            onSaved: (savedId) => {
              slot.onSaved();
              if (savedId) setPreviewId(savedId);
            },
          }))
      }
      list={(page) => contentList(kind, catalogs, page, { preview: (row) => setPreviewId(row.id) })}
    >
      {() => <ArticlePreview contentId={previewId} onClose={() => setPreviewId(null)} />}
    </AdminListPage>
  );
}
