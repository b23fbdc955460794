import { cmsAdminCalls } from '@cotton/sdk/calls';
import { ContentListPage, type ContentListKind } from '../../components/content-list';
import locale from '../../locale/zh-CN';
import { ArticleForm } from './article-form';
import { getArticleColumns } from './columns';

const ARTICLES: ContentListKind = {
  name: 'article',
  title: locale['article.title'],
  catalogType: 'COLUMN',
  columns: getArticleColumns,
  list: cmsAdminCalls.articlePage,
  export: cmsAdminCalls.articleExport,
  defaultSort: { field: 'updateTime', order: 'desc' },
  storageKey: 'cms-article-list',
  exportFileName: '文章列表.xlsx',
  drawer: ({ onSaved, ...slot }) => (
    <ArticleForm t={locale} {...slot} onSaved={(id, preview) => onSaved(preview ? id : undefined)} />
  ),
};

/**
 * 内容管理 › 文章管理 (`/cms/article`): the articles of the site's catalogues, with 新增 / 编辑
 * in a drawer holding the rich-text editor (保存并预览 then previews), 预览, 发布 / 撤回 and 删除.
 */
export function ArticleList() {
  return <ContentListPage kind={ARTICLES} />;
}
