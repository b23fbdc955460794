import { Link } from 'react-router-dom';
import styles from './article.module.css';

/**
 * What a visitor sees at the address of an article that is not (or no longer) published — a
 * withdrawn or deleted one, an old link: plain words and a way on, never a record number.
 */
export function ArticleGone({ backTo = '/service', backLabel = '服务中心' }: { backTo?: string; backLabel?: string }) {
  return (
    <div className={styles.gone} role="status" data-testid="article-gone">
      <h4 className={styles.goneTitle}>文章不存在或已撤回</h4>
      <p className={styles.goneText}>您访问的文章可能已被撤回或删除，也可能链接有误。</p>
      <Link to={backTo} className={styles.goneLink}>
        返回{backLabel}
      </Link>
    </div>
  );
}
