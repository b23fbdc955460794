import { Alert, Drawer, Spin, Typography } from '@arco-design/web-react';
import { formatDate, useQuery, useTabDrawer } from '@cotton/sdk';
import { previewContent } from '../api';
import styles from './article-preview.module.css';

export interface ArticlePreviewProps {
  /** The content shown; null: closed. */
  contentId: string | null;
  onClose: () => void;
}

/**
 * 预览: the content as a visitor will read it on /service — the body the server sanitised,
 * with the same styles — drafts included (`/rest/cmsContent/previewContent`).
 */
export function ArticlePreview({ contentId, onClose }: ArticlePreviewProps) {
  const detail = useQuery(
    () => (contentId ? previewContent(contentId).then((answer) => answer.result) : Promise.resolve(null)),
    [contentId],
  );
  const article = detail.data ?? null;
  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      width={960}
      title="预览"
      visible={contentId !== null}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      <div data-testid="article-preview">
        {detail.error ? <Alert type="error" content={detail.error.message} /> : null}
        {detail.loading && !article ? <Spin /> : null}
        {article ? (
          <article className={styles.article}>
            <Alert className={styles.notice} type="info" content="以下为访客在门户上看到的样式" />
            <Typography.Title heading={4} className={styles.title} data-testid="preview-title">
              {article.title}
            </Typography.Title>
            <div className={styles.meta}>
              <span>发布时间：{formatDate(article.publishTime)}</span>
              {article.source ? <span>来源：{article.source}</span> : null}
              {article.author ? <span>作者：{article.author}</span> : null}
            </div>
            {article.contentType === 'PICTURE' && article.coverUrl ? (
              <img src={article.coverUrl} alt={article.title} style={{ maxWidth: '100%' }} />
            ) : null}
            {/* Sanitised by the server with the article allow-list, as /service renders it. */}
            <div
              className={styles.body}
              data-testid="preview-body"
              dangerouslySetInnerHTML={{ __html: article.body }}
            />
          </article>
        ) : null}
      </div>
    </Drawer>
  );
}
