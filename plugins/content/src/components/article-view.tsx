import { Link } from 'react-router-dom';
import { formatDate } from '@cotton/sdk';
import type { ContentDetail } from '@cotton/sdk/contracts';
import styles from './article.module.css';

export interface ArticleViewProps {
  article: ContentDetail;
  /** Link of a neighbour; the page decides which query it keeps. */
  hrefOf?: (id: string) => string;
}

/** One article: title, meta line, and the body the server sanitised, rendered as it is. */
export function ArticleView({ article, hrefOf }: ArticleViewProps) {
  return (
    <article className={styles.article} data-testid="article">
      <h4 className={styles.title} data-testid="article-title">
        {article.title}
      </h4>
      <div className={styles.meta}>
        <span>发布时间：{formatDate(article.publishTime)}</span>
        {article.source ? <span>来源：{article.source}</span> : null}
        {article.author ? <span>作者：{article.author}</span> : null}
      </div>
      <div className={styles.body} data-testid="article-body" dangerouslySetInnerHTML={{ __html: article.body }} />
      {hrefOf && (article.prev || article.next) ? (
        <nav className={styles.neighbours} aria-label="上一篇与下一篇">
          {article.prev ? (
            <Link to={hrefOf(article.prev.id)} data-testid="article-prev">
              上一篇：{article.prev.title}
            </Link>
          ) : (
            <span />
          )}
          {article.next ? (
            <Link to={hrefOf(article.next.id)} data-testid="article-next">
              下一篇：{article.next.title}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
