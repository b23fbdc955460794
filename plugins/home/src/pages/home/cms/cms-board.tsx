import { useQuery } from '@cotton/sdk';
import { Link } from 'react-router-dom';
import styles from '../style/cms.module.css';
import type { ContentBrief } from '@cotton/sdk/contracts';
import { articleHref, columnHref, fetchCmsIndex } from './api';
import { BannerCarousel } from './banner-carousel';

function ContentList({
  title,
  code,
  items,
  testId,
}: {
  title: string;
  code: string;
  items: ContentBrief[];
  testId: string;
}) {
  return (
    <div className={styles.column} data-testid={testId}>
      <div className={styles.columnHead}>
        <h3 className={styles.columnTitle}>{title}</h3>
        <Link to={columnHref(code)} className={styles.more}>
          更多 &gt;
        </Link>
      </div>
      {items.length === 0 ? (
        <div className={styles.empty}>暂无内容</div>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <Link
                to={articleHref(item)}
                className={styles.itemLink}
                title={item.title}
                data-testid={`${testId}-item`}
              >
                {item.title}
              </Link>
              <span className={styles.itemDate}>{item.publishTime.slice(5, 10)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Six grey lines while the board loads (Arco's text skeleton look, without the component). */
function Placeholder() {
  return (
    <div className={styles.skeleton} role="status" aria-label="加载中">
      {[0, 1, 2, 3, 4, 5].map((line) => (
        <div key={line} className={styles.skeletonLine} />
      ))}
    </div>
  );
}

/** Banners, 新闻动态 and 通知公告 from content management (one `/rest/cms/index` call). */
export function CmsBoard() {
  const { data, loading } = useQuery(fetchCmsIndex, []);
  return (
    <div className={styles.board} data-testid="home-cms">
      <div className={styles.boardInner}>
        {loading && !data ? (
          <Placeholder />
        ) : data ? (
          <>
            <BannerCarousel banners={data.banners} />
            <ContentList title="新闻动态" code="news" items={data.news} testId="home-news" />
            <ContentList title="通知公告" code="notice" items={data.notices} testId="home-notices" />
          </>
        ) : null}
      </div>
    </div>
  );
}
